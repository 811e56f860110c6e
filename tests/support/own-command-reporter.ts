import type { Reporter } from "vitest/reporters";
import { OWN_COMMAND_SUITES } from "../vitest.config";

/** `npm test`'s last line: the suites it did not run, what they need and the command that runs each (README, "Set-up"). */
export default class OwnCommandReporter implements Reporter {
  onTestRunEnd() {
    const suites = OWN_COMMAND_SUITES.map((s) => `${s.name} (${s.file}, needs ${s.needs}): \`${s.command}\``).join(
      "; ",
    );
    console.log(`\nNot run by npm test: ${suites}. .ci/run runs it.`);
  }
}
