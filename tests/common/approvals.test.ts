import { describe, expect, it } from 'vitest';
import {
  approvalContexts,
  approvalPrefixes,
  approvalStatuses,
  formatApprovalNumber,
  isOpen,
  nextStatus,
} from '../../common/approvals.ts';

describe('the approval status machine', () => {
  it('moves pending -> partial -> approved level by level', () => {
    expect(nextStatus('pending', 'approve', false)).toBe('partial');
    expect(nextStatus('partial', 'approve', false)).toBe('partial');
    expect(nextStatus('partial', 'approve', true)).toBe('approved');
    expect(nextStatus('pending', 'approve', true)).toBe('approved');
  });
  it('rejects or withdraws an open request at any level', () => {
    for (const status of ['pending', 'partial'] as const) {
      expect(nextStatus(status, 'reject', false)).toBe('rejected');
      expect(nextStatus(status, 'withdraw', false)).toBe('withdrawn');
    }
  });
  it('keeps decisions final', () => {
    for (const status of ['approved', 'rejected', 'withdrawn'] as const) {
      for (const decision of ['approve', 'reject', 'withdraw'] as const) {
        expect(nextStatus(status, decision, true)).toBeNull();
      }
      expect(isOpen(status)).toBe(false);
    }
    expect(approvalStatuses.filter(isOpen)).toEqual(['pending', 'partial']);
  });
  it('numbers requests with a prefix per context', () => {
    expect(formatApprovalNumber('leave', 2026, 42)).toBe('LV-2026-00042');
    expect(new Set(approvalContexts.map((c) => approvalPrefixes[c])).size).toBe(approvalContexts.length);
  });
});
