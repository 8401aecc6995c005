// `npm run operator -- add <email> | list | remove <email> | reset-password <email>`: operator accounts
// from a terminal on the server, against the same database the server uses (DATA_DIR or DATABASE_URL,
// read and checked as the server reads them; migrations applied first, so it works before the first
// start too). Run from source with tsx, so it needs no build and never runs an older build's code.
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { commandConfig } from '../config.ts';
import { openDatabase } from '../store/database.ts';
import { migrate } from '../store/migrations/index.ts';
import { createOperatorStore, operatorEmailOf, type OperatorStore } from './operator-store.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from './passwords.ts';

const USAGE = `Usage: npm run operator -- <command>

  add <email>             create an operator account; asks for the password twice
  list                    list the operator accounts
  remove <email>          remove an account and end its sessions
  reset-password <email>  set a new password and end the account's sessions

The password is read from OPERATOR_PASSWORD when set (for scripts), else asked for twice: in a
terminal without showing it, or as two lines on standard input. At least ${MIN_PASSWORD_LENGTH} characters.`;

const COMMANDS = ['add', 'list', 'remove', 'reset-password'];

/** A refusal worth a plain sentence and exit code 1, not a stack trace. */
class Refusal extends Error {}

/** The password, from OPERATOR_PASSWORD or asked for twice; refused when the two differ or it is too short. */
async function newPassword(): Promise<string> {
  const [password, again] = process.env.OPERATOR_PASSWORD
    ? [process.env.OPERATOR_PASSWORD, process.env.OPERATOR_PASSWORD]
    : await askTwice();
  if (password !== again) throw new Refusal('The two passwords do not match; nothing was changed.');
  const problem = passwordProblem(password);
  if (problem === 'tooShort') throw new Refusal(`The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`);
  if (problem === 'tooLong') throw new Refusal(`The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`);
  return password;
}

async function askTwice(): Promise<[string, string]> {
  const terminal = Boolean(process.stdin.isTTY);
  // In a terminal readline echoes what is typed through its output: muted while a password is typed.
  let muted = false;
  const output = new Writable({
    write(chunk, encoding, done) {
      if (!muted) process.stderr.write(chunk, encoding);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal });
  rl.on('SIGINT', () => {
    process.stderr.write('\n');
    process.exit(130);
  });
  const lines = rl[Symbol.asyncIterator]();
  const ask = async (prompt: string) => {
    if (terminal) process.stderr.write(prompt);
    muted = true;
    const line = await lines.next();
    muted = false;
    if (terminal) process.stderr.write('\n');
    if (line.done) throw new Refusal('No password given: type it in a terminal, or set OPERATOR_PASSWORD.');
    return line.value;
  };
  try {
    return [await ask('Password: '), await ask('The same password again: ')];
  } finally {
    rl.close();
  }
}

function emailArgument(value: string | undefined): string {
  const email = value === undefined ? undefined : operatorEmailOf(value);
  if (!email) throw new Refusal(value === undefined ? USAGE : `Not an email address: ${value}`);
  return email;
}

async function run(accounts: OperatorStore, [command, argument, ...rest]: string[]): Promise<void> {
  if (rest.length) throw new Refusal(USAGE);
  switch (command) {
    case 'add': {
      const email = emailArgument(argument);
      if (await accounts.findByEmail(email)) throw new Refusal(`There is already an operator ${email}.`);
      const created = await accounts.create(email, await newPassword());
      if (!created) throw new Refusal(`There is already an operator ${email}.`);
      console.log(`Operator ${email} added.`);
      return;
    }
    case 'list': {
      if (argument !== undefined) throw new Refusal(USAGE);
      const operators = await accounts.list();
      if (!operators.length) console.log('No operators yet: add one with npm run operator -- add <email>');
      for (const o of operators) console.log(`${o.email}\tadded ${o.created_at.slice(0, 10)}`);
      return;
    }
    case 'remove': {
      const email = emailArgument(argument);
      if (!(await accounts.remove(email))) throw new Refusal(`There is no operator ${email}.`);
      console.log(`Operator ${email} removed; their sessions are ended.`);
      return;
    }
    case 'reset-password': {
      const email = emailArgument(argument);
      if (!(await accounts.findByEmail(email))) throw new Refusal(`There is no operator ${email}.`);
      if (!(await accounts.setPassword(email, await newPassword()))) throw new Refusal(`There is no operator ${email}.`);
      console.log(`Password of ${email} changed; their sessions are ended.`);
      return;
    }
    default:
      throw new Refusal(USAGE);
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args[0] === '--help' || args[0] === 'help') {
    console.log(USAGE);
    return 0;
  }
  // Before the database is opened: a typo creates no data folder.
  if (!COMMANDS.includes(args[0] ?? '')) {
    console.error(USAGE);
    return 2;
  }
  const config = commandConfig();
  if (!config) return 1;
  const { db } = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db);
    await run(createOperatorStore(db), args);
    return 0;
  } catch (err) {
    if (!(err instanceof Refusal)) throw err;
    console.error(err.message);
    return err.message === USAGE ? 2 : 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main();
