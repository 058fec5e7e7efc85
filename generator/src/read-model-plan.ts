import {
  ZGenerationPlan,
  type TApiDescription,
  type TGenerateRequest,
  type TGenerationPlan,
} from '@patchbay/schema';
import { checkSyntax, describeSyntaxError } from '@patchbay/runtime/check-syntax';
import { z } from 'zod';
import { compilePlan } from './compiler/compile-plan.ts';
import { PlanError } from './compiler/hydrate-plan.ts';
import { groundModelPlan } from './ground-model-plan.ts';
import type { GenerationResult } from './generator.ts';
import { readingSchedule, readSchedule } from './reader/read-schedule.ts';

// A model's answer to the plan prompt (ADR 035), taken through the same gates a stored or edited
// plan passes: JSON, the plan's zod schema, then the compiler, which refuses operations and
// resources the descriptions lack. Between the two, what the descriptions own (paths, paging,
// where the records are) is taken from them rather than from the model (ground-model-plan.ts). Each refusal is worded for the model, since it goes back to
// it once as the repair round's question.

export type ModelPlanReading =
  { ok: true; result: GenerationResult & { plan: TGenerationPlan } } | { ok: false; error: string };

/** The JSON in an answer: servers without structured output may still wrap it in a fence. */
function jsonText(content: string): string {
  const fenced = /```(?:json)?\s*\n([\s\S]*?)```/.exec(content);
  return (fenced?.[1] ?? content).trim();
}

export function readModelPlan(
  content: string,
  input: TGenerateRequest,
  descriptions: { source: TApiDescription; destination: TApiDescription },
): ModelPlanReading {
  let json: unknown;
  try {
    json = JSON.parse(jsonText(content));
  } catch (error) {
    return {
      ok: false,
      error: `the answer is not JSON (${error instanceof Error ? error.message : String(error)}).`,
    };
  }
  const parsed = ZGenerationPlan.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      error: `the plan does not match its schema:\n${z.prettifyError(parsed.error)}`,
    };
  }
  const plan = groundModelPlan(parsed.data, descriptions);
  // A model that leaves the schedule out should not cost the user the one the prompt names
  // ("every 15 minutes"): the reader finds it as it does for free-form code.
  const schedule = plan.schedule ? undefined : readSchedule(input.userPrompt);
  if (schedule) plan.schedule = readingSchedule(schedule);
  let compiled: GenerationResult & { plan: TGenerationPlan };
  try {
    // `edited`: which required destination fields nothing fills is worked out from this plan,
    // not taken on the model's word, so a gap stops the code instead of writing a bad record.
    compiled = compilePlan(input, plan, descriptions, { edited: true });
  } catch (error) {
    if (error instanceof PlanError) return { ok: false, error: `${error.message}.` };
    // A shape the schema allows but the compiler cannot render (a join without its parts):
    // the model can still fix it, so it is a refusal like the others, not a crash.
    return {
      ok: false,
      error: `the plan could not be compiled (${error instanceof Error ? error.message : String(error)}).`,
    };
  }
  // The compiler writes every line, but values from the plan end up in it: a check costs little.
  const syntax = checkSyntax(compiled.code);
  if (!syntax.ok) {
    return {
      ok: false,
      error: `the code compiled from it does not parse (${describeSyntaxError(syntax)}).`,
    };
  }
  return { ok: true, result: compiled };
}
