import type { WaiverSection } from './waiver-document.entity.js';

/** The studio's liability waiver as first published. New versions are added as new rows. */
export const INITIAL_WAIVER = {
  documentId: 'ASTRO-WAIVER-2025',
  version: 1,
  title: 'Liability Waiver and Release',
  lastUpdated: '2025-05-01',
  sections: [
    {
      key: 'assumption_of_risk',
      heading: 'Assumption of Risk',
      body:
        'Aerial arts (including silks, lyra, trapeze, hammock, straps and pole) involve climbing, inverting, ' +
        'hanging and dropping at height. I understand that these activities carry an inherent risk of injury, ' +
        'including sprains, strains, fractures, head, neck and spinal injuries, and in rare cases permanent ' +
        "disability or death. I confirm that I (or the minor I sign for) will follow instructors' directions, " +
        'use crash mats and spotting as instructed, work within the level of the class, and tell an instructor ' +
        'before class about any injury or condition. I voluntarily assume all risks of participation and release ' +
        'the studio, its owners, instructors and staff from liability for injury or loss arising from ordinary ' +
        'negligence, to the fullest extent the law allows.',
    },
    {
      key: 'medical_release',
      heading: 'Medical Release',
      body:
        'I confirm that I (or the minor I sign for) am in good health and have no medical condition that makes ' +
        'aerial training unsafe, or that I have consulted a physician. In an emergency, I authorise the studio to ' +
        'call emergency services and to arrange first aid and medical treatment, and I accept responsibility for ' +
        'the cost of that treatment. I will keep my emergency contact and medical information up to date.',
    },
    {
      key: 'media_release',
      heading: 'Media Release',
      body:
        'I grant the studio permission to photograph and record classes and performances and to use those images ' +
        'and recordings for studio promotion, on its website and social media, without payment. I may withdraw ' +
        'this permission for future use at any time by writing to the studio; images of minors are never ' +
        'published together with their full name.',
    },
  ] satisfies WaiverSection[],
};
