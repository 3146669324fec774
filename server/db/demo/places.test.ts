import { describe, expect, it } from 'vitest';
import { INDIAN_STATES, type IndianState } from '../../../domain/enums.ts';
import { addressSchema, pincodeSchema } from '../../../domain/schemas/common.ts';
import { CITIES, STATE_INFO, addressIn, pointIn } from './places.ts';
import { createRandom } from './random.ts';

/** India Post's first PIN digit is the postal zone; each state lies in one. */
const POSTAL_ZONE: Record<IndianState, string> = {
  HARYANA: '1',
  HIMACHAL_PRADESH: '1',
  PUNJAB: '1',
  UTTAR_PRADESH: '2',
  UTTARAKHAND: '2',
  GUJARAT: '3',
  RAJASTHAN: '3',
  CHHATTISGARH: '4',
  GOA: '4',
  MADHYA_PRADESH: '4',
  MAHARASHTRA: '4',
  ANDHRA_PRADESH: '5',
  KARNATAKA: '5',
  TELANGANA: '5',
  KERALA: '6',
  TAMIL_NADU: '6',
  ARUNACHAL_PRADESH: '7',
  ASSAM: '7',
  MANIPUR: '7',
  MEGHALAYA: '7',
  MIZORAM: '7',
  NAGALAND: '7',
  ODISHA: '7',
  SIKKIM: '7',
  TRIPURA: '7',
  WEST_BENGAL: '7',
  BIHAR: '8',
  JHARKHAND: '8',
};

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(a));
}

describe('demo cities', () => {
  it('are at least 30 distinct cities with every one of the 28 states covered', () => {
    expect(CITIES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(CITIES.map((c) => c.name)).size).toBe(CITIES.length);
    expect(new Set(CITIES.map((c) => c.state))).toEqual(new Set(INDIAN_STATES));
    expect(Object.keys(STATE_INFO).sort()).toEqual([...INDIAN_STATES].sort());
  });

  it.each(CITIES.map((c) => [c.name, c] as const))(
    '%s lies in India, with real localities and PIN codes',
    (_, city) => {
      expect(city.latitude).toBeGreaterThan(6);
      expect(city.latitude).toBeLessThan(37);
      expect(city.longitude).toBeGreaterThan(68);
      expect(city.longitude).toBeLessThan(98);
      expect(city.localities.length).toBeGreaterThanOrEqual(4);
      expect(city.streets.length).toBeGreaterThanOrEqual(3);
      const prefixes = new Set(city.localities.map(([, pin]) => pin.slice(0, 2)));
      expect(prefixes.size, 'one postal circle per city').toBe(1);
      for (const [locality, pincode] of city.localities) {
        expect(pincodeSchema.parse(pincode), locality).toBe(pincode);
        expect(pincode.charAt(0), `${locality} is in the ${city.state} postal zone`).toBe(POSTAL_ZONE[city.state]);
      }
    },
  );
});

describe('addressIn and pointIn', () => {
  it('give addresses the API accepts unchanged, in the city and one of its localities', () => {
    const random = createRandom('addresses');
    for (let i = 0; i < 2_000; i++) {
      const city = random.pick(CITIES);
      const address = addressIn(random, city);
      expect(addressSchema.parse(address)).toEqual(address);
      expect(address.city).toBe(city.name);
      expect(address.state).toBe(city.state);
      expect(city.localities).toContainEqual([address.locality, address.pincode]);
    }
  });

  it('scatter points within the spread of the centre, never beyond the coast', () => {
    const random = createRandom('points');
    for (const city of CITIES) {
      for (let i = 0; i < 300; i++) {
        const { latitude, longitude } = pointIn(random, city);
        expect(distanceKm(city.latitude, city.longitude, latitude, longitude)).toBeLessThanOrEqual(
          city.spreadKm + 0.01,
        );
        if (city.minLongitude !== undefined) expect(longitude).toBeGreaterThanOrEqual(city.minLongitude);
        if (city.maxLongitude !== undefined) expect(longitude).toBeLessThanOrEqual(city.maxLongitude);
      }
    }
  });
});
