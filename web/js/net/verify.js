// "Verify this game": after the end, a guest's page loads the engine (Python, for the first
// time on this page), replays the game from the agreed seed and the host's moves, and checks
// that every view it was shown during the game is exactly the view its seat had at that step.
//
// What it proves: the deal came from the seed everyone made together (guest.js checked the
// host's secret against its commitment and the seed against everyone's parts), and the host
// played no card that the seed and the moves do not give. What it cannot prevent: the host's
// device holds every card during play (a host could look at them).

import { readBuild, start, request } from "../engine-client.js";
import { commitmentOf, seedOf, viewPrint } from "./crypto.js";

/** A game's save as the host reveals it (the engine's JSON; `seed`: the seed it was dealt from).
 *  @typedef {{seed?: unknown, [key: string]: unknown}} Save */

/**
 * The fair deal, checked when the host reveals its secret at the end. `reveal`: the host's
 * {secret, contributions, save}; `mine`: what this page kept, {commitment (the host's, from
 * before it joined), contribution (its own part), seat, partUsed (false: the host's deal holds
 * the part another device sent for this seat)}. Resolves to {problems (empty: all good),
 * notes (what could not be checked, and why), seed, save}.
 * @param {{secret: string, contributions: (string | null)[], save: Save | null}} reveal
 * @param {{commitment: string, contribution: string, seat: number | null, partUsed?: boolean}} mine
 * @returns {Promise<{problems: string[], notes: string[], seed: number, save: Save | null}>}
 */
export async function checkDeal({ secret, contributions, save }, { commitment, contribution, seat, partUsed = true }) {
  /** @type {string[]} */
  const problems = [];
  /** @type {string[]} */
  const notes = [];
  if (await commitmentOf(secret) !== commitment) problems.push("the host's secret does not match what it committed to before the deal");
  if (seat != null && contributions[seat] !== contribution) {
    // this device joined after the seat's part was given from another device: it cannot
    // check that part, and says so plainly (it is no sign of cheating)
    if (partUsed) problems.push("your part of the deal was not used");
    else notes.push("this device joined after your part of the deal was given from another device, so it checks the host's secret and the seed, not your part");
  }
  const seed = await seedOf(secret, contributions);
  if (save?.seed !== seed) problems.push("the game was not dealt from the agreed seed");
  return { problems, notes, seed, save };
}

/**
 * Verify a revealed game. `reveal`: guest.js's {ok, problems, save, prints, seat}.
 * `onProgress(text)` hears each step. Resolves to {ok, checked, problems}.
 * @param {{problems: string[], save: Save, prints: Record<string, string>, seat: number|null}} reveal
 *   `prints`: the fingerprint of the view shown at each step
 * @param {{onProgress?: (text: string) => void}} [how]
 * @returns {Promise<{ok: boolean, checked: number, problems: string[]}>}
 */
export async function verifyGame(reveal, { onProgress = () => {} } = {}) {
  const problems = [...reveal.problems];
  onProgress("Loading the game engine (Python)…");
  await start(await readBuild(), { onProgress });
  onProgress("Replaying the game…");
  const loaded = await request("load", reveal.save);
  if (!loaded.ok) return { ok: false, checked: 0, problems: [...problems, `the host's moves do not replay: ${loaded.error}`] };
  const steps = Object.keys(reveal.prints).map(Number).sort((a, b) => a - b);
  let checked = 0;
  for (const step of steps) {
    const reply = await request("replay_view", { after: step, seat: reveal.seat });
    if (!reply.ok) {
      problems.push(`step ${step} cannot be replayed: ${reply.error}`);
      break;
    }
    const { after: _, ...view } = reply.view;
    if (await viewPrint(view) !== reveal.prints[step]) {
      problems.push(`what you were shown at step ${step} does not follow from the seed and the moves`);
      break;
    }
    checked += 1;
    if (checked % 20 === 0) onProgress(`Checked ${checked} of ${steps.length} views…`);
  }
  return { ok: problems.length === 0, checked, problems };
}
