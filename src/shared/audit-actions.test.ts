// The one audit-action table (issue 44 §2): every code the server may write (AuditEntry.action is typed
// AuditAction, so the server cannot write one outside the table) has a Chinese and an English label in
// the Warehouse source, and status codes read as the entity's status names in both languages.
import { describe, expect, it } from 'vitest';
import { SOURCES } from './i18n/index.ts';
import { AUDIT_ACTION_CODES, AUDIT_ENTITY_ACTIONS, auditActionKey, auditActionLabel, auditChange } from './audit-actions.ts';

const translator = (values: Record<string, string>) => (key: string) => values[key] ?? key;
const zh = translator(SOURCES['zh-Hans']);
const en = translator(SOURCES.en);
const CJK = /[\u3400-\u9fff]/;

describe('audit actions', () => {
  it('has a Chinese and an English label for every code the server writes', () => {
    expect(AUDIT_ACTION_CODES.length).toBeGreaterThan(50);
    for (const code of AUDIT_ACTION_CODES) {
      expect(SOURCES['zh-Hans'][auditActionKey(code)], code).toMatch(CJK);
      const english = SOURCES.en[auditActionKey(code)];
      expect(english, code).toBeTruthy();
      expect(english, code).not.toMatch(CJK);
    }
    for (const [entity, codes] of Object.entries(AUDIT_ENTITY_ACTIONS)) {
      for (const code of Object.keys(codes)) {
        expect(SOURCES['zh-Hans'][auditActionKey(code, entity)], `${entity} ${code}`).toMatch(CJK);
        expect(SOURCES.en[auditActionKey(code, entity)], `${entity} ${code}`).not.toMatch(CJK);
      }
    }
  });

  it('names the codes the first day at the desk saw raw', () => {
    const seen = { register: '登记退货', shelve: '上架', label: '获取面单', pass: '验货通过', createReturn: '申请退回', deliveryReceipt: '交接出库' };
    for (const [code, label] of Object.entries(seen)) expect(auditActionLabel(zh, code)).toBe(label);
    expect(auditActionLabel(en, 'shelve')).toBe('Shelved');
    // One code, two meanings: an order's label is fetched from the platform, a stock record's goods are labelled.
    expect(auditActionLabel(zh, 'label', 'order')).toBe('获取面单');
    expect(auditActionLabel(zh, 'label', 'stock')).toBe('贴标');
    expect(auditActionLabel(en, 'label', 'stock')).toBe('Labelled');
    expect(auditActionLabel(zh, 'fail', 'stock')).toBe('验货不通过');
    expect(auditActionLabel(zh, 'fail', 'rejection')).toBe('拒收失败');
    expect(auditActionLabel(en, 'deliveryReceipt')).toBe('Handed over (delivery receipt)');
    expect(auditActionLabel(zh, 'processOrderStatus')).toBe('修改订单状态');
    // A row written before a code joined the table still shows what it was.
    expect(auditActionLabel(zh, 'somethingNew')).toBe('somethingNew');
  });

  it('reads status changes as the entity\'s status names, never bare numbers', () => {
    expect(auditChange(zh, { entity: 'stock', action: 'shelve', statusBefore: '4', statusAfter: '5' })).toBe('已贴标 → 已上架');
    expect(auditChange(en, { entity: 'stock', action: 'shelve', statusBefore: '4', statusAfter: '5' })).toBe('Labelled → Shelved');
    expect(auditChange(zh, { entity: 'return', action: 'register', statusBefore: null, statusAfter: '0' })).toBe('— → 待入库');
    expect(auditChange(zh, { entity: 'rejection', action: 'createReturn', statusBefore: null, statusAfter: '0' })).toBe('— → 待处理');
    expect(auditChange(zh, { entity: 'order', statusBefore: null, statusAfter: '1/0' })).toBe('— → 待处理 / 待到货');
    expect(auditChange(zh, { entity: 'order', action: 'processOrderStatus', statusBefore: '1', statusAfter: '7' })).toBe('待处理 → 问题件');
    expect(auditChange(zh, { entity: 'order', action: 'processPackageStatus', statusBefore: '2', statusAfter: '3' })).toBe('已到齐 → 已打包');
    expect(auditChange(zh, { entity: 'parcel', statusBefore: '5', statusAfter: '1' })).toBe('无主件 → 已签收');
    expect(auditChange(zh, { entity: 'stock', statusBefore: null, statusAfter: null })).toBeNull();
  });
});
