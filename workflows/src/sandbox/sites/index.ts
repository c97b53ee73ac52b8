import type { SiteDefinition } from '../types';
import { atlasVentures } from './atlas-ventures';
import { beaconVentures } from './beacon-ventures';
import { cedarVentures } from './cedar-ventures';
import { driftwoodCapital } from './driftwood-capital';
import { emberCapital } from './ember-capital';
import { forgeVentures } from './forge-ventures';
import { graniteGrowth } from './granite-growth';
import { harborVc } from './harbor-vc';
import { lumenPartners } from './lumen-partners';
import { meridianFund } from './meridian-fund';
import { northwindVentures } from './northwind-ventures';
import { novaSpa } from './nova-spa';
import { orbitFund } from './orbit-fund';
import { pineconeVc } from './pinecone-vc';
import { quillVentures } from './quill-ventures';
import { sentinelCapital } from './sentinel-capital';
import { summitCapital } from './summit-capital';
import { tortoiseCapital } from './tortoise-capital';
import { willowPartners } from './willow-partners';
import { crumbCapital } from './crumb-capital';
import { juniperPartners } from './juniper-partners';
import { kestrelVentures } from './kestrel-ventures';
import { prismVentures } from './prism-ventures';
import { rippleFund } from './ripple-fund';
import { brambleVentures } from './bramble-ventures';
import { wardenVentures } from './warden-ventures';
import { larchCapital } from './larch-capital';
import { aspenVentures } from './aspen-ventures';
import { hazelFund } from './hazel-fund';
import { birchVentures } from './birch-ventures';
import { elmPartners } from './elm-partners';
import { fernVentures } from './fern-ventures';
import { cobaltSpa } from './cobalt-spa';
import { slateCapital } from './slate-capital';
import { reedGrants } from './reed-grants';
import { thistleCapital } from './thistle-capital';
import { heatherPartners } from './heather-partners';

export const SITE_DEFINITIONS: SiteDefinition[] = [
  northwindVentures,
  summitCapital,
  lumenPartners,
  orbitFund,
  harborVc,
  cedarVentures,
  novaSpa,
  graniteGrowth,
  emberCapital,
  forgeVentures,
  willowPartners,
  sentinelCapital,
  quillVentures,
  meridianFund,
  tortoiseCapital,
  beaconVentures,
  atlasVentures,
  pineconeVc,
  driftwoodCapital,
  crumbCapital,
  prismVentures,
  rippleFund,
  kestrelVentures,
  juniperPartners,
  brambleVentures,
  wardenVentures,
  larchCapital,
  aspenVentures,
  hazelFund,
  birchVentures,
  elmPartners,
  fernVentures,
  cobaltSpa,
  slateCapital,
  reedGrants,
  thistleCapital,
  heatherPartners,
];
