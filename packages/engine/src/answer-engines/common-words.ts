// Capitalised words that are not brands: labels heading list items, bold text and table cells
// ("**Pros:**", "- Price: ...", "### Fazit", "| Yes |"), words that open sentences ("However,",
// "Visit Etsy"), and names of times, places and languages: weekdays, months, holidays, countries,
// continents, regions, major cities and US states, languages and nationalities are not brands.
// Folded (see fold.ts), letters only (`I'm` → `im`), in the languages answers are most often asked
// in. A name made only of these words is not taken for a brand; NON_BRAND_NAMES holds the
// multi-word names (`United States`, `Hong Kong`) whose words alone could be brands.
const LABEL_WORDS = [
  // English
  'a', 'an', 'the', 'and', 'or', 'of', 'for', 'to', 'in', 'on', 'with', 'by', 'at', 'vs', 'also', 'more', 'other', 'others',
  'pros', 'cons', 'pro', 'con', 'note', 'notes', 'summary', 'conclusion', 'overview', 'introduction', 'verdict',
  'feature', 'features', 'price', 'prices', 'pricing', 'cost', 'costs', 'value', 'budget', 'cheap', 'affordable',
  'benefit', 'benefits', 'advantage', 'advantages', 'disadvantage', 'disadvantages', 'drawback', 'drawbacks',
  'strength', 'strengths', 'weakness', 'weaknesses', 'tip', 'tips', 'example', 'examples', 'step', 'steps',
  'option', 'options', 'choice', 'choices', 'best', 'top', 'key', 'main', 'important', 'why', 'what', 'how', 'when',
  'where', 'who', 'which', 'recommendation', 'recommendations', 'recommended', 'alternative', 'alternatives',
  'comparison', 'rating', 'ratings', 'review', 'reviews', 'quality', 'support', 'service', 'services', 'customer',
  'customers', 'ease', 'use', 'free', 'plan', 'plans', 'website', 'websites', 'online', 'shop', 'shops', 'store',
  'stores', 'brand', 'brands', 'product', 'products', 'source', 'sources', 'reference', 'references', 'link', 'links',
  'here', 'yes', 'no', 'bonus', 'warning', 'caution', 'update', 'disclaimer', 'takeaway', 'takeaways', 'answer',
  'question', 'questions', 'faq', 'faqs', 'general', 'shipping', 'delivery', 'returns', 'availability', 'selection',
  'variety', 'range', 'location', 'locations', 'reputation', 'experience', 'expertise', 'sustainability', 'design',
  'performance', 'security', 'privacy', 'integration', 'integrations', 'scalability', 'flexibility', 'reliability',
  'ideal', 'good', 'great', 'excellent', 'popular', 'local', 'global', 'final', 'thoughts', 'considerations',
  'factors', 'criteria', 'things', 'consider', 'bottom', 'line', 'tl;dr', 'tldr', 'ai', 'seo', 'api', 'url', 'usa', 'uk', 'eu',
  // German
  'vorteile', 'nachteile', 'fazit', 'preis', 'preise', 'kosten', 'hinweis', 'tipp', 'tipps', 'zusammenfassung',
  'uberblick', 'beispiel', 'beispiele', 'empfehlung', 'empfehlungen', 'funktionen', 'bewertung', 'bewertungen',
  'versand', 'auswahl', 'qualitat', 'kundenservice', 'alternativen', 'vergleich', 'und', 'oder', 'der', 'die', 'das',
  'fur', 'mit', 'beste', 'besten', 'wichtig', 'quelle', 'quellen',
  // French
  'avantages', 'inconvenients', 'prix', 'resume', 'conseil', 'conseils', 'exemple', 'exemples', 'remarque',
  'fonctionnalites', 'qualite', 'livraison', 'comparaison', 'et', 'ou', 'le', 'la', 'les', 'pour', 'avec', 'meilleur',
  'meilleurs',
  // Spanish
  'ventajas', 'desventajas', 'precio', 'precios', 'resumen', 'conclusion', 'consejo', 'consejos', 'ejemplo',
  'ejemplos', 'nota', 'calidad', 'envio', 'comparacion', 'y', 'o', 'el', 'los', 'las', 'para', 'con', 'mejor', 'mejores',
];

/** Words that open English sentences or stand capitalised in them without naming anything. */
const SENTENCE_WORDS = [
  'i', 'im', 'ive', 'id', 'ill', 'me', 'my', 'we', 'us', 'our', 'you', 'your', 'youre', 'youll', 'youve', 'he', 'she', 'it',
  'its', 'they', 'their', 'them', 'theyre', 'this', 'that', 'these', 'those', 'there', 'theres', 'heres', 'whats', 'lets',
  'dont', 'do', 'does', 'did', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'can', 'could', 'will', 'would', 'should',
  'must', 'might', 'have', 'has', 'had', 'let', 'if', 'while', 'although', 'though', 'because', 'since', 'unless', 'whether',
  'as', 'so', 'but', 'not', 'just', 'only', 'even', 'well', 'like', 'such', 'after', 'before', 'during', 'until', 'about',
  'from', 'into', 'over', 'under', 'between', 'through', 'among', 'within', 'without', 'per', 'via', 'many', 'most', 'some',
  'several', 'few', 'all', 'any', 'each', 'every', 'both', 'either', 'neither', 'much', 'however', 'additionally', 'also',
  'finally', 'lastly', 'overall', 'meanwhile', 'alternatively', 'otherwise', 'moreover', 'furthermore', 'therefore', 'thus',
  'hence', 'instead', 'still', 'then', 'now', 'today', 'currently', 'generally', 'typically', 'usually', 'often', 'sometimes',
  'indeed', 'besides', 'plus', 'similarly', 'conversely', 'nevertheless', 'nonetheless', 'regardless', 'ultimately',
  'honestly', 'personally', 'importantly', 'notably', 'especially', 'particularly', 'first', 'firstly', 'second', 'secondly',
  'third', 'thirdly', 'visit', 'try', 'consider', 'check', 'browse', 'explore', 'search', 'choose', 'compare',
  'remember', 'keep', 'make', 'get', 'read', 'see', 'start', 'please', 'thanks', 'thank', 'sure', 'absolutely', 'certainly',
  'definitely', 'depending', 'based', 'whatever', 'whichever', 'everything', 'something', 'anything', 'nothing', 'someone',
  'anyone', 'everyone', 'etc', 'eg', 'ie', 'mr', 'mrs', 'ms', 'dr', 'ok', 'okay', 'hi', 'hello', 'sorry', 'unfortunately',
  'fortunately', 'luckily', 'great', 'new', 'old', 'small', 'large', 'big', 'high', 'low', 'medium', 'limited', 'wide',
  'none', 'na', 'varies', 'unlimited', 'fast', 'slow', 'easy', 'hard', 'moderate', 'basic', 'advanced', 'full', 'partial',
  'standard', 'premium', 'average', 'fair', 'poor', 'strong', 'weak', 'handmade', 'unique', 'custom', 'minute',
  'minutes', 'hour', 'hours', 'day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years', 'time', 'fee', 'fees',
  'commission', 'platform', 'platforms', 'marketplace', 'marketplaces', 'category', 'type', 'name', 'diy', 'pdf', 'us',
  'ceo', 'vat', 'usd', 'eur', 'gbp', 'tv', 'pc', 'b2b', 'b2c', 'dtc', 'cms', 'cdn', 'html', 'css', 'json', 'sku', 'roi',
  'kpi', 'ux', 'ui', 'wifi', 'llc', 'inc', 'ltd', 'gmbh', 'corp', 'co',
];

/** Weekdays, months, seasons and holidays (English, German, French, Spanish). */
const TIME_WORDS = [
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'mon', 'tue', 'tues', 'wed', 'thu', 'thur',
  'thurs', 'fri', 'sat', 'montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag', 'sonnabend', 'sonntag',
  'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi', 'dimanche', 'lunes', 'martes', 'miercoles', 'jueves',
  'viernes', 'sabado', 'domingo', 'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september',
  'october', 'november', 'december', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec',
  'januar', 'februar', 'marz', 'mai', 'juni', 'juli', 'oktober', 'dezember', 'janvier', 'fevrier', 'avril', 'juin',
  'juillet', 'aout', 'septembre', 'octobre', 'novembre', 'decembre', 'enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio',
  'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre', 'spring', 'summer', 'autumn', 'fall', 'winter',
  'fruhling', 'sommer', 'herbst', 'christmas', 'xmas', 'easter', 'halloween', 'thanksgiving', 'valentine', 'valentines',
  'weihnachten', 'ostern', 'noel', 'navidad', 'black', 'cyber', 'tomorrow', 'yesterday', 'weekend', 'weekends', 'q1', 'q2',
  'q3', 'q4', 'am', 'pm',
];

/** Countries, continents, regions, major cities and US states, in English (and the most asked-about in German, French, Spanish). */
const PLACE_WORDS = [
  'afghanistan', 'albania', 'algeria', 'andorra', 'angola', 'argentina', 'armenia', 'australia', 'austria', 'azerbaijan',
  'bahamas', 'bahrain', 'bangladesh', 'barbados', 'belarus', 'belgium', 'belize', 'benin', 'bhutan', 'bolivia', 'bosnia',
  'herzegovina', 'botswana', 'brazil', 'brunei', 'bulgaria', 'burkina', 'faso', 'burundi', 'cambodia', 'cameroon', 'canada',
  'chad', 'chile', 'china', 'colombia', 'congo', 'croatia', 'cuba', 'cyprus', 'czechia', 'denmark', 'djibouti', 'dominica',
  'ecuador', 'egypt', 'salvador', 'eritrea', 'estonia', 'eswatini', 'ethiopia', 'fiji', 'finland', 'france', 'gabon',
  'gambia', 'georgia', 'germany', 'ghana', 'greece', 'grenada', 'guatemala', 'guinea', 'guyana', 'haiti', 'honduras',
  'hungary', 'iceland', 'india', 'indonesia', 'iran', 'iraq', 'ireland', 'israel', 'italy', 'jamaica', 'japan', 'jordan',
  'kazakhstan', 'kenya', 'kiribati', 'korea', 'kosovo', 'kuwait', 'kyrgyzstan', 'laos', 'latvia', 'lebanon', 'lesotho',
  'liberia', 'libya', 'liechtenstein', 'lithuania', 'luxembourg', 'madagascar', 'malawi', 'malaysia', 'maldives', 'mali',
  'malta', 'mauritania', 'mauritius', 'mexico', 'micronesia', 'moldova', 'monaco', 'mongolia', 'montenegro', 'morocco',
  'mozambique', 'myanmar', 'namibia', 'nauru', 'nepal', 'netherlands', 'holland', 'zealand', 'nicaragua', 'niger',
  'nigeria', 'macedonia', 'norway', 'oman', 'pakistan', 'palau', 'palestine', 'panama', 'paraguay', 'peru', 'philippines',
  'poland', 'portugal', 'qatar', 'romania', 'russia', 'rwanda', 'samoa', 'marino', 'saudi', 'arabia', 'senegal', 'serbia',
  'seychelles', 'singapore', 'slovakia', 'slovenia', 'somalia', 'spain', 'lanka', 'sudan', 'suriname', 'sweden',
  'switzerland', 'syria', 'taiwan', 'tajikistan', 'tanzania', 'thailand', 'togo', 'tonga', 'tunisia', 'turkey', 'turkiye',
  'turkmenistan', 'tuvalu', 'uganda', 'ukraine', 'emirates', 'uae', 'kingdom', 'britain', 'england', 'scotland', 'wales',
  'uruguay', 'uzbekistan', 'vanuatu', 'vatican', 'venezuela', 'vietnam', 'yemen', 'zambia', 'zimbabwe', 'republic',
  'deutschland', 'osterreich', 'schweiz', 'frankreich', 'spanien', 'italien', 'niederlande', 'grossbritannien',
  'allemagne', 'angleterre', 'espagne', 'italie', 'suisse', 'belgique', 'alemania', 'espana', 'francia', 'italia',
  'inglaterra', 'europe', 'europa', 'asia', 'africa', 'america', 'americas', 'oceania', 'antarctica', 'australasia',
  'scandinavia', 'balkans', 'caribbean', 'north', 'south', 'east', 'west', 'northern', 'southern', 'eastern', 'western',
  'central', 'middle', 'southeast', 'northeast', 'southwest', 'northwest', 'nord', 'sud', 'ost', 'worldwide',
  'international', 'london', 'paris', 'berlin', 'munich', 'munchen', 'hamburg', 'cologne', 'koln', 'frankfurt', 'stuttgart',
  'dusseldorf', 'leipzig', 'dresden', 'vienna', 'wien', 'zurich', 'geneva', 'basel', 'bern', 'amsterdam', 'rotterdam',
  'brussels', 'antwerp', 'dublin', 'edinburgh', 'manchester', 'birmingham', 'liverpool', 'glasgow', 'bristol', 'leeds',
  'madrid', 'barcelona', 'valencia', 'seville', 'lisbon', 'porto', 'rome', 'milan', 'naples', 'florence', 'venice', 'turin',
  'athens', 'istanbul', 'prague', 'warsaw', 'krakow', 'budapest', 'bucharest', 'copenhagen', 'stockholm', 'oslo',
  'helsinki', 'moscow', 'kyiv', 'kiev', 'tokyo', 'osaka', 'kyoto', 'seoul', 'beijing', 'shanghai', 'shenzhen', 'taipei',
  'bangkok', 'jakarta', 'manila', 'mumbai', 'delhi', 'bangalore', 'dubai', 'cairo', 'lagos', 'nairobi', 'johannesburg',
  'sydney', 'melbourne', 'brisbane', 'perth', 'auckland', 'toronto', 'vancouver', 'montreal', 'chicago', 'boston',
  'seattle', 'portland', 'austin', 'denver', 'atlanta', 'miami', 'houston', 'dallas', 'philadelphia', 'detroit', 'nashville',
  'alabama', 'alaska', 'arizona', 'arkansas', 'california', 'colorado', 'connecticut', 'delaware', 'florida', 'hawaii',
  'idaho', 'illinois', 'indiana', 'iowa', 'kansas', 'kentucky', 'louisiana', 'maine', 'maryland', 'massachusetts',
  'michigan', 'minnesota', 'mississippi', 'missouri', 'montana', 'nebraska', 'nevada', 'hampshire', 'jersey', 'york',
  'carolina', 'dakota', 'ohio', 'oklahoma', 'oregon', 'pennsylvania', 'rhode', 'island', 'tennessee', 'texas', 'utah',
  'vermont', 'virginia', 'washington', 'wisconsin', 'wyoming',
];

/** Languages and nationalities (English, and the usual German, French and Spanish forms). */
const LANGUAGE_WORDS = [
  'english', 'german', 'french', 'spanish', 'italian', 'portuguese', 'dutch', 'flemish', 'danish', 'swedish', 'norwegian',
  'finnish', 'icelandic', 'polish', 'czech', 'slovak', 'hungarian', 'romanian', 'bulgarian', 'greek', 'turkish',
  'russian', 'ukrainian', 'croatian', 'serbian', 'slovenian', 'irish', 'scottish', 'welsh', 'british', 'american',
  'canadian', 'mexican', 'brazilian', 'argentinian', 'argentine', 'chilean', 'colombian', 'peruvian', 'cuban',
  'australian', 'indian', 'pakistani', 'chinese', 'mandarin', 'cantonese', 'japanese', 'korean', 'vietnamese', 'thai',
  'indonesian', 'filipino', 'malaysian', 'arabic', 'arab', 'hebrew', 'israeli', 'persian', 'iranian', 'egyptian',
  'african', 'european', 'asian', 'nordic', 'scandinavian', 'latin', 'hispanic', 'latino', 'swiss', 'austrian',
  'belgian', 'hindi', 'urdu', 'bengali', 'swahili', 'catalan', 'basque', 'galician', 'mediterranean', 'dominican',
  'deutsch', 'deutsche', 'deutschen', 'deutscher', 'englisch', 'franzosisch', 'spanisch', 'italienisch', 'europaisch',
  'anglais', 'francais', 'allemand', 'espagnol', 'italien', 'ingles', 'espanol', 'frances', 'aleman', 'italiano',
];

export const COMMON_WORDS: ReadonlySet<string> = new Set([...LABEL_WORDS, ...SENTENCE_WORDS, ...TIME_WORDS, ...PLACE_WORDS, ...LANGUAGE_WORDS]);

/** Multi-word names of places and days whose words alone are not all common words. Folded, single-spaced. */
export const NON_BRAND_NAMES: ReadonlySet<string> = new Set([
  'united states', 'united states of america', 'united kingdom', 'united arab emirates', 'costa rica', 'puerto rico',
  'sri lanka', 'hong kong', 'new zealand', 'new york', 'new york city', 'los angeles', 'san francisco', 'san diego',
  'san jose', 'las vegas', 'mexico city', 'rio de janeiro', 'sao paulo', 'buenos aires', 'tel aviv', 'cape town',
  'new delhi', 'new mexico', 'ivory coast', 'cote d ivoire', 'el salvador', 'san marino', 'vereinigte staaten',
  'mother s day', 'father s day', 'new year', 'new years', 'new year s', 'new year s eve', 'boxing day', 'labor day',
  'memorial day', 'prime day', 'singles day',
]);

/**
 * Words that join the items of an enumeration (`Etsy, Amazon and Kilnworks`): in running prose
 * they end a name rather than join its words, whereas `&` joins (`Marks & Spencer`).
 */
export const ENUMERATION_JOINERS: ReadonlySet<string> = new Set(['and', 'or', 'und', 'oder', 'et', 'ou', 'y', 'o', 'e', 'nor']);

/** Lower-case words allowed inside a multi-word name: `Bank of America`, `Galeries Lafayette`, `Café de Flore`. */
export const NAME_CONNECTORS: ReadonlySet<string> = new Set(['of', 'and', 'the', 'for', '&', 'de', 'del', 'la', 'le', 'du', 'des', 'von', 'van', 'der', 'den', 'y', 'et', 'und', 'di', 'da']);
