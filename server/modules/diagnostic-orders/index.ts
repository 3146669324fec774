/** What other modules may use of diagnostic orders: the catalogue that the centre's profile is kept from. */
export { offerTests, setCatalogueTurnaround } from './catalogue.ts';
