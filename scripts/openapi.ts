import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { generateContract, jsonPath, readCommitted, typesPath } from './contract.ts';

const contract = await generateContract();
if (process.argv.includes('--check')) {
  const committed = await readCommitted();
  const stale = [
    committed.json !== contract.json && 'openapi/v1.json',
    committed.types !== contract.types && 'src/api/v1.d.ts',
  ].filter(Boolean);
  if (stale.length) {
    console.error(`Stale: ${stale.join(', ')}. Run \`npm run openapi\` and commit the result.`);
    process.exit(1);
  }
  console.log('The contract is up to date.');
} else {
  for (const [path, text] of [
    [jsonPath, contract.json],
    [typesPath, contract.types],
  ] as const) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
  }
  console.log('Wrote openapi/v1.json and src/api/v1.d.ts');
}
