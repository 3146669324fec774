import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import {
  INDIAN_REGIONS,
  INDIAN_STATES,
  RECORD_STATUSES,
  VERIFICATION_STATUSES,
  isOneOf,
} from '../../../domain/enums.ts';
import {
  onboardDiagnosticsBody,
  resultsTurnaroundBody,
  staffingExpertiseBody,
} from '../../../domain/schemas/diagnostics.ts';
import { doctorSlug, onboardDoctorBody } from '../../../domain/schemas/doctors.ts';
import { departmentBody, emergencyContactBody, onboardHospitalBody } from '../../../domain/schemas/hospitals.ts';
import { createPatientBody, medicalHistoryBody } from '../../../domain/schemas/patients.ts';
import { emergencyInfoBody, onboardPharmacyBody, pharmacistBody } from '../../../domain/schemas/pharmacies.ts';
import type { DemoNetwork } from './network.ts';

/** Leaves out what is null: the API takes an absent field where the table stores null. */
function present<T extends Record<string, unknown>>(row: T): Partial<T> {
  return Object.fromEntries(Object.entries(row).filter(([, value]) => value != null)) as Partial<T>;
}

/**
 * What is wrong with generated rows, as the API would see them: each row must be a body its
 * onboarding or create endpoint accepts unchanged (already normalised: phones, PIN codes, trimmed
 * text), with valid enumerations, and its searchable place columns must match its address.
 * An empty list means the rows are fine. Used by the tests on generated and on stored rows.
 */
export function networkProblems(network: Partial<DemoNetwork>, limit = 25): string[] {
  const problems: string[] = [];
  const check = (what: string, schema: z.ZodType, body: unknown) => {
    if (problems.length >= limit) return;
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problems.push(`${what}: ${issue?.path.join('.')} ${issue?.message}`);
    } else if (!isDeepStrictEqual(parsed.data, body)) {
      problems.push(`${what}: the API would store it differently: ${JSON.stringify(body)}`);
    }
  };
  const place = (what: string, row: DirectoryRow) => {
    if (problems.length >= limit) return;
    const { address } = row;
    if (row.city !== address.city || row.state !== address.state || row.pincode !== address.pincode) {
      problems.push(`${what}: city, state and pincode differ from the address`);
    }
    if (!isOneOf(INDIAN_REGIONS, row.state)) problems.push(`${what}: ${row.state} is not a state or union territory`);
    if (!isOneOf(VERIFICATION_STATUSES, row.verificationStatus)) problems.push(`${what}: bad verificationStatus`);
    if (!isOneOf(RECORD_STATUSES, row.status)) problems.push(`${what}: bad status`);
    const rating = Number(row.rating ?? 0);
    if (rating < 0 || rating > 5 || Math.round(rating * 10) !== rating * 10) problems.push(`${what}: rating ${rating}`);
    if (!Number.isInteger(row.reviewCount ?? 0) || (row.reviewCount ?? 0) < 0) problems.push(`${what}: reviewCount`);
    const { latitude, longitude } = row;
    if (latitude == null || longitude == null || latitude < 6 || latitude > 37 || longitude < 68 || longitude > 98) {
      problems.push(`${what}: coordinates ${latitude}, ${longitude} are not in India`);
    }
  };

  for (const h of network.hospitals ?? []) {
    const what = `hospital ${h.name}`;
    place(what, h);
    check(
      what,
      onboardHospitalBody,
      present({
        name: h.name,
        registrationNumber: h.registrationNumber,
        hospitalType: h.hospitalType,
        classification: h.classification,
        specialties: h.specialties,
        emergencyServices: h.emergencyServices,
        icuAvailability: h.icuAvailability,
        ambulanceService: h.ambulanceService,
        insurancePartners: h.insurancePartners,
        totalBeds: h.totalBeds,
        establishedYear: h.establishedYear,
        website: h.website,
        description: h.description,
        email: h.email,
        phone: h.phone,
        address: h.address,
        latitude: h.latitude,
        longitude: h.longitude,
      }),
    );
  }
  for (const d of network.hospitalDepartments ?? []) {
    check(
      `department ${d.name}`,
      departmentBody,
      present({
        name: d.name,
        headOfDepartment: d.headOfDepartment,
        phone: d.phone,
        floor: d.floor,
        description: d.description,
      }),
    );
  }
  for (const c of network.hospitalEmergencyContacts ?? []) {
    check(`emergency contact ${c.name}`, emergencyContactBody, {
      ...present({ name: c.name, designation: c.designation, phone: c.phone }),
      available24x7: c.available24x7 ?? false,
    });
  }
  for (const d of network.doctors ?? []) {
    const what = `doctor ${d.name}`;
    place(what, d);
    check(`${what} slug`, doctorSlug, d.slug);
    check(
      what,
      onboardDoctorBody,
      present({
        name: d.name,
        registrationNumber: d.registrationNumber,
        gender: d.gender,
        specializations: d.specializations,
        qualifications: d.qualifications,
        experienceYears: d.experienceYears,
        consultationFee: d.consultationFee,
        languagesSpoken: d.languagesSpoken,
        availability: d.availability,
        telemedicineAvailable: d.telemedicineAvailable,
        insuranceAccepted: d.insuranceAccepted,
        hospitalId: d.hospitalId,
        description: d.description,
        email: d.email,
        phone: d.phone,
        address: d.address,
        latitude: d.latitude,
        longitude: d.longitude,
      }),
    );
  }
  for (const c of network.diagnosticsCentres ?? []) {
    const what = `diagnostics centre ${c.name}`;
    place(what, c);
    check(
      what,
      onboardDiagnosticsBody,
      present({
        name: c.name,
        licenseNumber: c.licenseNumber,
        facilityType: c.facilityType,
        testsAvailable: c.testsAvailable,
        equipmentAvailable: c.equipmentAvailable,
        accreditations: c.accreditations,
        hasHomeCollection: c.hasHomeCollection,
        hasEmergencyService: c.hasEmergencyService,
        insuranceAccepted: c.insuranceAccepted,
        description: c.description,
        email: c.email,
        phone: c.phone,
        address: c.address,
        latitude: c.latitude,
        longitude: c.longitude,
      }),
    );
    check(`${what} turnaround`, resultsTurnaroundBody, c.resultsTurnaround);
    check(`${what} staffing`, staffingExpertiseBody, c.staffing);
  }
  for (const p of network.pharmacies ?? []) {
    const what = `pharmacy ${p.name}`;
    place(what, p);
    check(
      what,
      onboardPharmacyBody,
      present({
        name: p.name,
        licenseNumber: p.licenseNumber,
        pharmacyType: p.pharmacyType,
        services: p.services,
        medicationTypes: p.medicationTypes,
        products: p.products,
        hasHomeDelivery: p.hasHomeDelivery,
        hasEmergencyService: p.hasEmergencyService,
        insurancePartners: p.insurancePartners,
        description: p.description,
        openingHours: p.openingHours,
        email: p.email,
        phone: p.phone,
        address: p.address,
        latitude: p.latitude,
        longitude: p.longitude,
      }),
    );
    if (p.emergencyInfo) check(`${what} emergency info`, emergencyInfoBody, p.emergencyInfo);
  }
  for (const p of network.pharmacists ?? []) {
    check(
      `pharmacist ${p.name}`,
      pharmacistBody,
      present({ name: p.name, registrationNumber: p.registrationNumber, phone: p.phone, email: p.email }),
    );
  }
  for (const p of network.patients ?? []) {
    const what = `patient ${p.firstName} ${p.lastName}`;
    if (p.state == null || !isOneOf(INDIAN_STATES, p.state)) problems.push(`${what}: ${p.state} is not a state`);
    if (p.address && (p.address.city !== p.city || p.address.state !== p.state)) {
      problems.push(`${what}: city and state differ from the address`);
    }
    check(
      what,
      createPatientBody,
      present({
        firstName: p.firstName,
        lastName: p.lastName,
        email: p.email,
        phone: p.phone,
        dateOfBirth: p.dateOfBirth,
        gender: p.gender,
        bloodGroup: p.bloodGroup,
        address: p.address,
        emergencyContact: p.emergencyContact,
        allergies: p.allergies,
        chronicConditions: p.chronicConditions,
      }),
    );
  }
  for (const h of network.medicalHistory ?? []) {
    check(
      `medical history ${h.condition}`,
      medicalHistoryBody,
      present({ condition: h.condition, diagnosedOn: h.diagnosedOn, severity: h.severity, notes: h.notes }),
    );
  }
  return problems;
}

type DirectoryRow = {
  address: { city: string; state: string; pincode: string };
  city: string;
  state: string;
  pincode: string;
  latitude?: number | null;
  longitude?: number | null;
  rating?: number | null;
  reviewCount?: number | null;
  verificationStatus?: string | null;
  status?: string | null;
};
