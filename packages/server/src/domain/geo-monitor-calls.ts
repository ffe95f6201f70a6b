// What one run of a GEO monitor costs: the answer-engine calls it makes, which its monitor shows,
// its run is charged and the plan's monthly allowance counts.

export interface RunSettings {
  prompts: readonly string[];
  locales: readonly string[];
  engines: readonly string[];
  samplesPerPrompt: number;
}

/** Answer-engine calls one run makes: prompts × locales × engines × samples per prompt. */
export function callsPerRun(settings: RunSettings): number {
  return settings.prompts.length * settings.locales.length * settings.engines.length * settings.samplesPerPrompt;
}
