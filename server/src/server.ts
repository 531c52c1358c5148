/**
 * Entry of the ICAO Route language server. VS Code starts it over ipc (`--node-ipc`); other
 * editors run `node dist/server.js --stdio`. The transport comes from the arguments.
 */
import { createConnection, ProposedFeatures, type Connection } from 'vscode-languageserver/node';
import packageJson from '../../package.json';
import { FrameGuard } from './lsp/framing';
import { describeError } from './lsp/guard';
import { startLanguageServer } from './lsp/languageServer';

const TRANSPORTS = ['--stdio', '--node-ipc', '--socket=', '--pipe='];

function main(): void {
  const args = process.argv.slice(2);
  if (!args.some((arg) => TRANSPORTS.some((t) => arg === t || (t.endsWith('=') && arg.startsWith(t))))) {
    process.stderr.write(
      'ICAO Route language server: choose a transport, e.g. `node dist/server.js --stdio` (VS Code uses --node-ipc).\n',
    );
    process.exit(2);
  }
  const connection = args.includes('--stdio') ? stdioConnection() : createConnection(ProposedFeatures.all);
  // A bug in one code path must not end the editor session: log it and keep serving.
  process.on('uncaughtException', (error) => connection.console.error(`uncaught: ${describeError(error)}`));
  process.on('unhandledRejection', (error) => connection.console.error(`unhandled rejection: ${describeError(error)}`));
  startLanguageServer(connection, packageJson.version);
}

/**
 * stdio through a FrameGuard: a frame with a bad Content-Length is logged and skipped instead of
 * wedging the connection. stdout carries the protocol, so console output goes to stderr (what
 * vscode-languageserver does for `--stdio` on its own).
 */
function stdioConnection(): Connection {
  let connection: Connection | undefined;
  const guard = new FrameGuard((problem) => {
    process.stderr.write(`ICAO Route language server: ${problem}\n`);
    connection?.console.error(problem);
  });
  process.stdin.pipe(guard);
  for (const method of ['log', 'info', 'debug', 'warn'] as const) console[method] = console.error;
  connection = createConnection(ProposedFeatures.all, guard, process.stdout);
  return connection;
}

main();
