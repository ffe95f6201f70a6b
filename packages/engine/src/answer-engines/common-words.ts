// Capitalised words that head list items and bold labels in answers without being brands
// ("**Pros:**", "- Price: ...", "### Fazit"). Folded (see fold.ts), in the languages answers are
// most often asked in. A name made only of these words is not taken for a brand.
export const COMMON_WORDS: ReadonlySet<string> = new Set([
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
]);

/** Lower-case words allowed inside a multi-word name: `Bank of America`, `Galeries Lafayette`, `Café de Flore`. */
export const NAME_CONNECTORS: ReadonlySet<string> = new Set(['of', 'and', 'the', 'for', '&', 'de', 'del', 'la', 'le', 'du', 'des', 'von', 'van', 'der', 'den', 'y', 'et', 'und', 'di', 'da']);
