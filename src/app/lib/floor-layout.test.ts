// Which signed-in screens are floor screens (the floor frame on a phone): the 仓库作业 group's, and a
// screen of another group marked floorScreen (the overseas sign-in station).
import { describe, expect, it } from 'vitest';
import { Route as overseasStation } from '../routes/_app/backabroad/intoabroadLogistics.tsx';
import { Route as overseasList } from '../routes/_app/backabroad/backabroadlogistics.tsx';
import { isFloorRoute } from './floor-layout.ts';

describe('isFloorRoute', () => {
  it('takes the 仓库作业 group and screens marked floorScreen, and nothing else', () => {
    expect(isFloorRoute([undefined, { menu: { group: 'floor' } }])).toBe(true);
    expect(isFloorRoute([{ menu: { group: 'backAbroad' }, floorScreen: true }])).toBe(true);
    expect(isFloorRoute([{ menu: { group: 'backAbroad' } }])).toBe(false);
    expect(isFloorRoute([])).toBe(false);
  });

  it('the overseas sign-in station is a floor screen; the overseas parcel list is not', () => {
    expect(isFloorRoute([overseasStation.options.staticData])).toBe(true);
    expect(isFloorRoute([overseasList.options.staticData])).toBe(false);
  });
});
