// Runs before `npm start`, `npm test` and `npm run dev` (plain JavaScript, so any Node can run it). npm puts
// node_modules/.bin first on PATH for its scripts, and the `node` package in our dependencies puts Node 24 there, so
// the machine's own Node only has to run npm. When that install step was skipped (`--ignore-scripts`), say so first.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 18)) {
  console.error(
    `HR Workspace needs Node.js 24 (22.18 or newer runs it); this is Node ${process.versions.node}.\n` +
      '  `npm install` puts Node 24 into node_modules/.bin for every npm script: run it again without --ignore-scripts,\n' +
      '  or install Node 24 (https://nodejs.org, or `nvm install 24`).',
  );
  process.exit(1);
}
