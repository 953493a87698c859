import { cacheCompiledCode } from './server/module-hooks.ts';

cacheCompiledCode();
const t0 = performance.now();
const c0 = process.cpuUsage();
const mark = (label: string) => {
  const c = process.cpuUsage(c0);
  console.log(label, 'wall', Math.round(performance.now() - t0), 'cpu', Math.round((c.user + c.system) / 1000));
};
const { launchDatabase, migrateDatabase } = await import('./server/db/connect.ts');
const { seedDemoCore } = await import('./server/seed/demo.ts');
const { fillDemoHistory } = await import('./server/seed/fill.ts');
mark('imports');
const { database, ready } = launchDatabase({ dataDir: `${process.env.DATA_DIR}/pg` });
await ready;
mark('db ready');
await migrateDatabase(database);
mark('migrate');
await seedDemoCore(database.db, { priorYear: true });
mark('core');
if (process.env.FILL) await fillDemoHistory(database.db, { onStep: (p) => console.log(p.step, p.ms) });
mark('fill');
await database.close();
