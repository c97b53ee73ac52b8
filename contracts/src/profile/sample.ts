/**
 * A complete startup profile (all fifteen required fields and the optional URLs): the one fixture
 * that tests, end-to-end tests and benches use to unlock submissions.
 */
export const SAMPLE_COMPLETE_PROFILE = {
  companyName: 'Acme Robotics',
  description: 'Acme Robotics builds autonomous picking robots for mid-size warehouses, cutting pick times in half.',
  industry: 'AI & ML',
  stage: 'Seed',
  raising: '$2M',
  founded: '2023',
  founderName: 'Ada Lovelace',
  founderEmail: 'ada@acme-robotics.example',
  founderLinkedin: 'https://www.linkedin.com/in/ada-lovelace',
  website: 'https://acme-robotics.example',
  location: 'London, UK',
  teamSize: '6-10',
  revenue: 'Pre-revenue',
  pitchDeck: 'https://acme-robotics.example/deck.pdf',
  problem: 'Warehouse picking is slow and labour is scarce.',
  solution: 'Robots that pick any item with a learned grasp model.',
  valueProposition: 'Twice the picks per hour at half the cost.',
  oneLineExplanation: 'Robots that pick warehouse orders.',
} as const;
