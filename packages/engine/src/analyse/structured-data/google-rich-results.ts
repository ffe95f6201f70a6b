// Google's required and recommended properties for its rich results, as its Search Central
// structured-data documentation lists them per feature (developers.google.com/search/docs/
// appearance/structured-data/<feature>: article, product-snippet, recipe, faqpage, breadcrumb,
// organization, local-business, event, job-posting, video, review-snippet). Missing a required
// property makes an item ineligible for the rich result; a recommended one only makes it poorer.
//
// Each family is named by its schema.org type; subtypes belong to it (NewsArticle is an Article,
// Restaurant a LocalBusiness). Families are tried in this order, so a more specific family comes
// before a more general one (LocalBusiness before Organization).
//
// Paths: `a.b` is property b of each item given as a's value, checked only when a is present (a
// missing a is a problem of its own when a is listed). `a|b` means one of them is enough.

export interface RichResultRequirements {
  /** The schema.org type naming the family, e.g. `Article`. */
  type: string;
  required: readonly string[];
  recommended: readonly string[];
}

export const RICH_RESULTS: readonly RichResultRequirements[] = [
  {
    type: 'Article',
    required: [],
    recommended: ['author', 'author.name', 'author.url', 'dateModified', 'datePublished', 'headline', 'image'],
  },
  {
    // Product snippets: a name, and a review, a rating or an offer to show. brand and sku are
    // recommended by the merchant-listing guidance for the same Product markup.
    type: 'Product',
    required: [
      'name',
      'offers|review|aggregateRating',
      'offers.price|offers.lowPrice|offers.priceSpecification',
      'review.author',
      'review.reviewRating',
      'aggregateRating.ratingValue',
      'aggregateRating.ratingCount|aggregateRating.reviewCount',
    ],
    recommended: ['image', 'description', 'brand', 'sku', 'offers.priceCurrency', 'offers.availability'],
  },
  {
    type: 'Recipe',
    required: ['image', 'name'],
    recommended: [
      'aggregateRating',
      'author',
      'cookTime',
      'datePublished',
      'description',
      'keywords',
      'nutrition.calories',
      'prepTime',
      'recipeCategory',
      'recipeCuisine',
      'recipeIngredient',
      'recipeInstructions',
      'recipeYield',
      'totalTime',
      'video',
    ],
  },
  {
    type: 'FAQPage',
    required: ['mainEntity', 'mainEntity.name', 'mainEntity.acceptedAnswer', 'mainEntity.acceptedAnswer.text'],
    recommended: [],
  },
  {
    type: 'BreadcrumbList',
    required: ['itemListElement', 'itemListElement.position', 'itemListElement.name|itemListElement.item.name'],
    recommended: [],
  },
  {
    type: 'JobPosting',
    // A remote job names where applicants may live instead of a job location.
    required: ['datePosted', 'description', 'hiringOrganization', 'jobLocation|applicantLocationRequirements', 'title'],
    recommended: ['baseSalary', 'employmentType', 'identifier', 'validThrough', 'directApply'],
  },
  {
    type: 'VideoObject',
    required: ['name', 'thumbnailUrl', 'uploadDate'],
    recommended: ['contentUrl|embedUrl', 'description', 'duration', 'expires'],
  },
  {
    type: 'Event',
    required: ['location', 'name', 'startDate'],
    recommended: ['description', 'endDate', 'eventAttendanceMode', 'eventStatus', 'image', 'offers', 'organizer', 'performer'],
  },
  {
    // A review on its own must say what it reviews; nested in a Product it is checked there.
    type: 'Review',
    required: ['author', 'itemReviewed', 'reviewRating', 'reviewRating.ratingValue'],
    recommended: ['datePublished', 'reviewRating.bestRating', 'reviewRating.worstRating'],
  },
  {
    type: 'LocalBusiness',
    required: ['address', 'name'],
    recommended: ['aggregateRating', 'geo', 'openingHoursSpecification', 'priceRange', 'review', 'telephone', 'url'],
  },
  {
    // Organization markup has no required property; these are the main ones of Google's longer
    // recommended list (which also names legalName, vatID, duns, and other identifiers).
    type: 'Organization',
    required: [],
    recommended: ['name', 'url', 'logo', 'sameAs', 'description', 'address', 'telephone', 'email'],
  },
];
