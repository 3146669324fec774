/** The public page of each kind of place: doctors by the slug of their profile address, the rest by id. */
export const providerPaths = {
  doctor: (slug: string) => `/doctors/${encodeURIComponent(slug)}`,
  hospital: (id: string) => `/hospitals/${encodeURIComponent(id)}`,
  diagnostics: (id: string) => `/diagnostics/${encodeURIComponent(id)}`,
  pharmacy: (id: string) => `/pharmacies/${encodeURIComponent(id)}`,
};

/** Where booking with a doctor or a hospital starts. */
export const bookingPaths = {
  doctor: (id: string) => `/appointments/book/doctor/${encodeURIComponent(id)}`,
  hospital: (id: string) => `/appointments/book/hospital/${encodeURIComponent(id)}`,
};
