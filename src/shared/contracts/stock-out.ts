// The outbound half of stock (DOMAIN §7, issue 14) apart from the stock orders themselves: SKU
// mapping, delivery receipts (交接单), the sellers' storage-fee settings, the daily storage fee and
// the scheduled jobs that run it.
import { z } from 'zod';
import { calendarDay, EntityDto, listResult, paged, pagedResult, text } from './common.ts';
import { defineService } from './define.ts';
import { points } from './fees.ts';

const id = z.number().int().positive();
const day = calendarDay;
/** A trade number or another number on an outbound label, as scanned. */
const scanned = z.string().trim().min(1).max(32);

// ---------------------------------------------------------------------------------------------
// SKU mapping (FrontSkuMapping)

export const SkuMappingDto = z.object({ id: z.number().int(), thirdPartySku: z.string(), productSku: z.string(), creationTime: z.string() });
export type SkuMappingDto = z.infer<typeof SkuMappingDto>;

export const frontSkuMapping = defineService('FrontSkuMapping', {
  add: { method: 'POST', permission: 'Front.Stock', input: z.object({ thirdPartySku: text(128), productSku: text(128) }), output: SkuMappingDto },
  getList: { method: 'GET', permission: 'Front.Stock', input: paged({ keyword: z.string().trim().max(128).optional() }), output: pagedResult(SkuMappingDto) },
  delete: { method: 'GET', permission: 'Front.Stock', input: EntityDto, output: z.null() },
});

// ---------------------------------------------------------------------------------------------
// Delivery receipts (DeliveryReceipt, 交接单)

const logisticMethod = text(32);

export const DeliveryReceiptItemDto = z.object({
  id: z.number().int(), batchName: z.string(), storeId: z.number().int(), logisticMethod: z.string(), tradeNo: z.string(),
  orderNumber: z.string(), weight: z.number().nullable(), userName: z.string().nullable(), creationTime: z.string(),
});
export type DeliveryReceiptItemDto = z.infer<typeof DeliveryReceiptItemDto>;

export const DeliveryBatchDto = z.object({
  id: z.number().int(), batchName: z.string(), storeId: z.number().int(), storeName: z.string(), userCode: z.string().nullable(),
  logisticMethod: z.string(), isClosed: z.boolean(), count: z.number().int(), totalWeight: z.number(),
  closedTime: z.string().nullable(), closedUserName: z.string().nullable(), creationTime: z.string(),
});
export type DeliveryBatchDto = z.infer<typeof DeliveryBatchDto>;

export const DeliveryReceiptAddInput = z.object({ storeId: id, logisticMethod, tradeNo: scanned });
export const DeliveryBatchKey = z.object({ storeId: id, batchName: text(48) });

const RECEIPTS = 'warehouse.Stock' as const;

export const StoreOptionDto = z.object({ id: z.number().int(), storeName: z.string(), userCode: z.string().nullable(), site: z.string() });

export const deliveryReceipt = defineService('DeliveryReceipt', {
  /** The stores to scan for (the scan screens' picker; BackStoreAddress needs warehouse.Manages). */
  getStoreOptions: { method: 'GET', permission: RECEIPTS, input: z.object({ keyword: z.string().trim().max(64).optional() }), output: listResult(StoreOptionDto) },
  /** The batches, newest first (the receipt list screen). */
  getList: {
    method: 'GET', permission: RECEIPTS,
    input: paged({ storeId: id.optional(), logisticMethod: z.string().trim().max(32).optional(), isClosed: z.boolean().optional(), batchName: z.string().trim().max(48).optional() }),
    output: pagedResult(DeliveryBatchDto),
  },
  /** The batches of a store (the scan screen's picker). */
  getBatchList: { method: 'GET', permission: RECEIPTS, input: z.object({ storeId: id }), output: listResult(DeliveryBatchDto) },
  /** The orders of one batch. */
  getBatchNumberList: { method: 'GET', permission: RECEIPTS, input: DeliveryBatchKey, output: listResult(DeliveryReceiptItemDto) },
  /**
   * Scans an outbound order into the open batch of (store, method), opening one when none is. The
   * order must be the store's, weighed and paid; scanning it again into the same batch changes nothing.
   */
  add: { method: 'POST', permission: RECEIPTS, input: DeliveryReceiptAddInput, output: DeliveryReceiptItemDto, offline: true },
  /** Closes the batch and ships its orders (OneClickDelivery's rule: orderStatus 4, packageStatus 5). */
  closeBatch: {
    method: 'POST', permission: RECEIPTS, offline: true,
    // By name, or (the floor, whose scans may still be queued and so not know the name) the open batch of a method.
    input: z.object({ storeId: id, batchName: text(48).optional(), logisticMethod: logisticMethod.optional() })
      .refine((v) => !!v.batchName || !!v.logisticMethod, { message: '请提供批次名 batchName 或物流方式 logisticMethod', path: ['batchName'] }),
    output: DeliveryBatchDto,
  },
});

// ---------------------------------------------------------------------------------------------
// Storage fees (UserStorageConfig, StorageFee) and the scheduled jobs

export const UserStorageConfigDto = z.object({
  id: z.number().int(), userId: z.number().int(), userCode: z.string().nullable(), userName: z.string().nullable(),
  freeDays: z.number().int(), deductIntegral: z.number(), deductionCycle: z.number().int(), creationTime: z.string(),
});
export type UserStorageConfigDto = z.infer<typeof UserStorageConfigDto>;

export const EditUserStorageConfigInput = z.object({
  id: z.number().int().min(0).optional(),
  userId: id,
  freeDays: z.number().int().min(0).max(3650),
  /** Points per item and cycle. */
  deductIntegral: points(),
  deductionCycle: z.number().int().min(1).max(365),
});

const FEES = 'warehouse.Manages' as const;

export const userStorageConfig = defineService('UserStorageConfig', {
  getList: { method: 'GET', permission: FEES, input: paged({ userCode: z.string().trim().max(16).optional() }), output: pagedResult(UserStorageConfigDto) },
  edit: { method: 'POST', permission: FEES, input: EditUserStorageConfigInput, output: UserStorageConfigDto },
  delete: { method: 'POST', permission: FEES, input: EntityDto, output: z.null() },
});

export const StorageFeeRunDto = z.object({
  day,
  /** Flows this run posted (0 when the day was already charged). */
  posted: z.number().int(),
  /** Points charged by this run. */
  amount: z.number(),
  /** Products with inventory the day concerned, charged now or earlier or not due. */
  products: z.number().int(),
});
export type StorageFeeRunDto = z.infer<typeof StorageFeeRunDto>;

export const storageFee = defineService('StorageFee', {
  /** Runs the daily storage fee for `day` now; a day already charged posts nothing more. */
  runDaily: { method: 'POST', permission: FEES, query: ['day'], input: z.object({ day }), output: StorageFeeRunDto },
});

export const ScheduledJobDto = z.object({
  name: z.string(), title: z.string(), schedule: z.string(),
  lastRunTime: z.string().nullable(), lastDay: z.string().nullable(), lastResult: z.string().nullable(), lastError: z.string().nullable(),
  nextRunTime: z.string(),
});
export type ScheduledJobDto = z.infer<typeof ScheduledJobDto>;

export const scheduledJob = defineService('ScheduledJob', {
  getList: { method: 'GET', permission: FEES, input: z.object({}), output: listResult(ScheduledJobDto) },
  /** Runs the job for the caller's tenant now, catching up every day it missed. */
  runNow: { method: 'POST', permission: FEES, input: z.object({ name: text(64) }), output: ScheduledJobDto },
});
