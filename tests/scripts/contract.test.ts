import { describe, expect, it } from 'vitest';
import { generateContract, readCommitted } from '../../scripts/contract.ts';

describe('the contract (route schemas -> openapi/v1.json -> src/api/v1.d.ts)', () => {
  it('is committed up to date: run `npm run openapi` when this fails', async () => {
    const [fresh, committed] = await Promise.all([generateContract(), readCommitted()]);
    expect(committed.json, 'openapi/v1.json is stale').toBe(fresh.json);
    expect(committed.types, 'src/api/v1.d.ts is stale').toBe(fresh.types);
  });

  it('is OpenAPI 3.1 with named component schemas and an operationId on every operation', async () => {
    const document = JSON.parse((await generateContract()).json);
    expect(document.openapi).toBe('3.1.0');
    for (const name of ['Error', 'ListMeta', 'UserDetail', 'Employee', 'Company', 'Department']) {
      expect(document.components.schemas).toHaveProperty(name);
    }
    for (const [path, operations] of Object.entries(
      document.paths as Record<string, Record<string, { operationId?: string }>>,
    )) {
      for (const [method, operation] of Object.entries(operations))
        expect(operation.operationId, `${method} ${path}`).toBeTruthy();
    }
  });
});
