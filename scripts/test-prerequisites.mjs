// First step of `npm test`: the end-to-end tests drive Debian's Chromium (tests/helpers/browser.ts).
// When it is missing, install it with apt as .ci/run does (root, or sudo without a password);
// otherwise stop at once with the one command to run, rather than failing minutes later.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = '/usr/bin/chromium';
const INSTALL = 'apt-get update && apt-get install -y chromium';

function run(command) {
  return spawnSync('sh', ['-c', command], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0;
}

if (!fs.existsSync(CHROMIUM)) {
  const root = process.getuid?.() === 0;
  const sudo = !root && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (hasApt && (root || sudo)) {
    console.log(`npm test: ${CHROMIUM} is missing; installing Debian's chromium for the end-to-end tests ...`);
    const prefix = root ? '' : 'sudo -n ';
    if (!run(`${prefix}apt-get update && ${prefix}apt-get install -y chromium`) || !fs.existsSync(CHROMIUM)) {
      console.error(`npm test: installing chromium failed; run: sudo sh -c '${INSTALL}'`);
      process.exit(1);
    }
  } else {
    console.error(`npm test: ${CHROMIUM} is missing (the end-to-end tests drive it). Run: sudo sh -c '${INSTALL}'`);
    process.exit(1);
  }
}
