/**
 * The first look at every call's body, before authentication and validation: a body nested too
 * deeply, or a string the database cannot store (NUL, lone surrogate), is a 400 naming the field
 * in wire names, never a 500 from the database or a stack overflow.
 */
import { type CallDef, checkJson, MAX_JSON_DEPTH, Ret } from '@kolscope/contract';
import { AppError } from '../services/errors';

export function checkBody(body: unknown, call: CallDef): void {
  const problem = checkJson(body, { maxDepth: MAX_JSON_DEPTH, skipKey: call.perItem });
  if (!problem) return;
  const field = problem.path || 'body';
  if (problem.kind === 'too_deep') throw new AppError(Ret.badRequest, 'body_too_deep', { field, max: MAX_JSON_DEPTH });
  throw new AppError(Ret.badRequest, problem.kind === 'nul' ? 'field_has_nul' : 'field_lone_surrogate', { field });
}
