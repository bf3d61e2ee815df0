// "Play against it", from the bot lab of "Write your own bot": the Marvin play page, opened
// with ?bot=mine, loads the bot kept in this browser into its own Python
// (pirate_rules.web.botlab.lab_load) and offers it as the computer player.

export const STORAGE_KEY = "pirate-rules:my_bot.py"; // the bot lab keeps the reader's file here

/** Whether the page was opened to play against the reader's bot. */
export function wantsMyBot() {
  return new URLSearchParams(location.search).get("bot") === "mine";
}

/**
 * Load the kept bot into the page's `engine` and add it to the bot menus `selects`, chosen
 * in the first. Resolves to the lab's answer ({ok, bot, name, ...}), or to {ok: false,
 * problem} with a sentence to show the player.
 */
export async function offerMyBot(engine, selects) {
  const source = localStorage.getItem(STORAGE_KEY);
  if (!source) {
    return { ok: false, problem: 'No bot of yours is kept in this browser: write one on the page "Write your own bot" first.' };
  }
  const answer = await engine.call("lab_load", source);
  if (!answer.ok) {
    const last = answer.error.trim().split("\n").pop();
    return { ok: false, problem: `Your bot could not be loaded (${last}); fix it on "Write your own bot".` };
  }
  for (const select of selects) {
    const about = answer.description ? `: ${answer.description}` : "";
    select.append(new Option(`your ${answer.name}${about}`, answer.bot));
  }
  selects[0].value = answer.bot;
  return answer;
}
