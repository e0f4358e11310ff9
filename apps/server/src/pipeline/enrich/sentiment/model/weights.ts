/**
 * The shipped weights: one raw little-endian Float32 file per language (rows of three per
 * feature: bullish, neutral, bearish) beside a manifest.json that says how they were made. The
 * server bundle copies this folder next to dist/cli.js (build.mjs), so the same relative URL
 * finds it from the sources and from the build.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Calibration } from './calibration';
import type { ModelLang } from './data';
import type { FeatureConfig } from './features';

export interface ModelFile {
  file: string;
  sha256: string;
  /** Weight rows (dense + hashed features). */
  rows: number;
}

export interface Manifest {
  /** Short id of these weights: the first 12 hex digits of the SHA-256 over both files. */
  version: string;
  sha256: string;
  createdAt: string;
  seed: number;
  features: FeatureConfig;
  /** hashedScale: chosen by CV (folds.ts), already folded into the English weights. */
  train: { epochs: number; lr: number; l2: number; devWeight: number; hashedScale?: number };
  classes: string[];
  models: Partial<Record<ModelLang, ModelFile>>;
  sourceWeights: Record<string, number>;
  /** Per language: calibration and call threshold (calibration.ts); absent in older manifests. */
  calibration?: Partial<Record<ModelLang, Calibration>>;
  /** Per language: the source weights and hashed-feature scale chosen by nested CV. */
  chosen?: Partial<Record<ModelLang, { weights: Record<string, number>; scale: number }>>;
  counts: unknown;
  data: Record<string, string>;
  figures: unknown;
}

export function encodeWeights(w: Float32Array): Buffer {
  const out = Buffer.alloc(w.length * 4);
  for (let i = 0; i < w.length; i++) out.writeFloatLE(w[i]!, i * 4);
  return out;
}

export function decodeWeights(buf: Buffer): Float32Array {
  const w = new Float32Array(buf.length / 4);
  for (let i = 0; i < w.length; i++) w[i] = buf.readFloatLE(i * 4);
  return w;
}

export const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

/** SENTIMENT_MODEL_DIR, else the weights folder beside this module (or beside dist/cli.js). */
export function defaultWeightsDir(): string {
  return process.env.SENTIMENT_MODEL_DIR ?? fileURLToPath(new URL('./weights/', import.meta.url));
}

export interface LoadedModels {
  manifest: Manifest;
  weights: Partial<Record<ModelLang, Float32Array>>;
}

/** Reads the manifest and weight files; null when there are none. A corrupt file is an error. */
export function loadWeights(dir: string = defaultWeightsDir()): LoadedModels | null {
  const manifestPath = join(dir, 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const weights: LoadedModels['weights'] = {};
  for (const [lang, m] of Object.entries(manifest.models) as [ModelLang, ModelFile][]) {
    const buf = readFileSync(join(dir, m.file));
    if (sha256(buf) !== m.sha256) throw new Error(`${m.file}: SHA-256 does not match manifest.json`);
    weights[lang] = decodeWeights(buf);
  }
  return { manifest, weights };
}
