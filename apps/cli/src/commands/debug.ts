// `blockyard debug`: a Debug Adapter on standard input and output (issue 18; debug/debug-adapter.ts).
// VS Code starts it for a launch configuration of type "blockyard" (README, "Debugging in VS Code").
import type { CliIo } from '../cli-io.ts';
import type { CliCommand } from '../program.ts';
import { BlockyardDebugSession } from '../debug/debug-adapter.ts';

/** Serves one debug session over the streams; resolves when the client disconnects or goes away. */
async function serveDebugAdapter(
  input: NodeJS.ReadableStream,
  output: NodeJS.WritableStream,
  cwd: string,
): Promise<void> {
  const session = new BlockyardDebugSession(cwd);
  session.start(input, output);
  await session.done;
}

export const debugCommand: CliCommand = {
  register(program, io: CliIo, setExitCode) {
    program
      .command('debug')
      .description(
        'Speak the Debug Adapter Protocol on standard input and output (for VS Code): breakpoints, ' +
          'stepping and variables of a program run on virtual boards, with the options of run.',
      )
      .action(async () => {
        if (!io.streams) {
          io.stderr('error: debug needs standard input and output to talk to the debugger.\n');
          setExitCode(1);
          return;
        }
        await serveDebugAdapter(io.streams.input, io.streams.output, io.cwd);
        // The client is gone: stop reading, so the process can end.
        const input = io.streams.input as NodeJS.ReadableStream & { destroy?: () => void };
        input.destroy?.();
        setExitCode(0);
      });
  },
};
