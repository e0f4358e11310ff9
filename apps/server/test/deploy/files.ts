/**
 * The deployment files read the way Docker and Compose read them, for the deploy tests: the
 * Dockerfile's stages and instructions, compose.yaml with its anchors merged and its `${VAR:-default}`
 * settings resolved to their defaults. No Docker engine runs here; the tests run the commands.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export const root = new URL('../../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

export interface Instruction {
  op: string;
  args: string;
}
export interface Stage {
  from: string;
  name: string | undefined;
  steps: Instruction[];
}

/** Stages in order; continuation lines joined, comments left out. */
export function dockerfileStages(text = read('Dockerfile')): Stage[] {
  const lines = text
    .replace(/\\\r?\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, op = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    if (op.toUpperCase() === 'FROM') {
      const [from = '', , name] = args.split(/\s+/);
      stages.push({ from, name, steps: [] });
    } else stages.at(-1)?.steps.push({ op: op.toUpperCase(), args: args.replace(/\s+/g, ' ') });
  }
  return stages;
}

/** The last instruction `op` of a stage, its exec-form (JSON array) arguments. */
export function execForm(stage: Stage, op: string): string[] {
  const step = stage.steps.filter((s) => s.op === op).at(-1);
  if (!step) throw new Error(`no ${op} in the stage from ${stage.from}`);
  // HEALTHCHECK [options] CMD [...]: the array after CMD.
  const json = op === 'HEALTHCHECK' ? step.args.slice(step.args.indexOf('CMD ') + 4) : step.args;
  return JSON.parse(json) as string[];
}

/** ENV of a stage as a map (the `ENV A=1 B=2` form). */
export function stageEnv(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const s of stage.steps.filter((x) => x.op === 'ENV'))
    for (const pair of s.args.split(' ')) {
      const [k, v] = pair.split('=');
      if (k && v !== undefined) env[k] = v;
    }
  return env;
}

export interface ComposeService {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
}

/** `${NAME:-default}` → default, `${NAME}` → '' : what Compose substitutes when nothing is set. */
export function withDefaults(value: string): string {
  return value.replace(/\$\{\w+(?::?-([^}]*))?\}/g, (_all, fallback: string | undefined) => fallback ?? '');
}

export function composeFile(): { services: Record<string, ComposeService>; volumes?: Record<string, unknown> } {
  return parse(read('compose.yaml'), { merge: true });
}

export const readRepoFile = read;
