// What the photo screens hold while a parcel is photographed: its photo slots, the photo in each and
// the parcel itself (looked up, or only its number when offline). Shared by the screen
// (photo-station.tsx) and the parcel it loads after the first screen (photo-parcel.tsx).
import type { ParcelDto } from '#shared/contracts/orders.ts';

export type Slot = 'imageGuid' | 'goodsImageGuid';

/** A parcel photographed offline by its number alone: the server finds it at replay. */
export interface UnconfirmedParcel { shipment: string; unconfirmed: true }
export type PhotoTarget = ParcelDto | UnconfirmedParcel;
export const isUnconfirmed = (p: PhotoTarget): p is UnconfirmedParcel => 'unconfirmed' in p;

export interface SlotPhoto { id: number; url: string; size: number; originalSize: number; compressed: boolean; heic: boolean }
