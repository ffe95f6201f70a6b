// A run's figures over each group of its answers: each prompt, locale and engine (in the run's
// order) and each surface (in the contract's order), every tracked brand with its uncertainty. Each
// group is computed over every surface's answers (`surface` null, listing the surfaces it sums), and
// over each surface's alone, so that no figure need sum surfaces and a trend of one surface finds
// its group in every run. Worked out once when the run completes, and kept.
import { SURFACES, type Surface } from '@seo-geo/engine';
import type { GeoFigureGroup } from '@seo-geo/types';
import type { GeoMonitorRunRecord, StoredAnswer } from '../../storage/repositories/geo-monitor-runs.js';
import { figuresOf } from '../geo-answers/samples.js';

export type FigureDimension = GeoFigureGroup['by'];
export const DIMENSIONS: readonly FigureDimension[] = ['prompt', 'locale', 'engine', 'surface'];

/** One group's figures, with where it is kept: its dimension, its place in it and the surface it is restricted to. */
export interface FigureGroupRecord extends GeoFigureGroup {
  position: number;
  /** null: every surface's answers. */
  surface: Surface | null;
}

/** The surfaces of these answers, in the contract's order. */
export function surfacesOf(answers: readonly Pick<StoredAnswer, 'surface'>[]): Surface[] {
  const seen = new Set(answers.flatMap((a) => (a.surface == null ? [] : [a.surface])));
  return SURFACES.filter((surface) => seen.has(surface));
}

/** Every group of the run's answers, over every surface and over each surface. */
export function figureGroups(run: Pick<GeoMonitorRunRecord, 'settings' | 'brands'>, answers: readonly StoredAnswer[]): FigureGroupRecord[] {
  const surfaces = surfacesOf(answers);
  const filters: Array<Surface | null> = [null, ...surfaces];
  const groups: FigureGroupRecord[] = [];
  for (const surface of filters) {
    const kept = surface === null ? answers : answers.filter((a) => a.surface === surface);
    for (const by of DIMENSIONS) {
      for (const [position, key] of keysOf(run, by).entries()) {
        const members = kept.filter((a) => keyOf(run, by, a) === key);
        if (members.length === 0) continue;
        const samples = members.flatMap((a) => (a.sample === null ? [] : [a.sample]));
        groups.push({ by, key, position, surface, surfaces: surfacesOf(members), samples: samples.length, brands: figuresOf(run.brands, samples).brands });
      }
    }
  }
  return groups;
}

function keysOf(run: Pick<GeoMonitorRunRecord, 'settings'>, by: FigureDimension): readonly string[] {
  if (by === 'prompt') return run.settings.prompts;
  if (by === 'locale') return run.settings.locales;
  if (by === 'engine') return run.settings.engines;
  return SURFACES;
}

function keyOf(run: Pick<GeoMonitorRunRecord, 'settings'>, by: FigureDimension, answer: StoredAnswer): string | null {
  if (by === 'prompt') return run.settings.prompts[answer.promptIndex] ?? null;
  if (by === 'locale') return run.settings.locales[answer.localeIndex] ?? null;
  if (by === 'engine') return run.settings.engines[answer.engineIndex] ?? null;
  return answer.surface;
}
