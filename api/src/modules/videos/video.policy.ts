import { isStaff, type Actor, type Ref } from '../users/role.js';
import { VideoAccess, VideoPurpose } from './video.entity.js';

/** A video as the watching rule needs it. */
export interface WatchedVideo {
  access: VideoAccess;
  planIds: readonly string[];
  purpose: VideoPurpose;
  /** An evidence clip's student, with their guardian. */
  owner: { id: string; guardian: Ref | null } | null;
}

/** What the rule knows of the viewer beyond their role: the membership plans they (or their family) are on. */
export interface ViewerFacts {
  planIds: readonly string[];
}

/**
 * Whether a viewer (null: signed out) may watch a video. An evidence clip: its student, their parent and staff,
 * nobody else. The library: public to anyone; members to anyone signed in; plans to staff and members on one of the
 * chosen plans; staff to staff. The prerequisite lock is a second step (locked videos are listed, not played).
 */
export function mayWatch(viewer: Actor | null, video: WatchedVideo, facts: ViewerFacts): boolean {
  if (video.purpose === VideoPurpose.evidence) {
    if (!viewer || !video.owner) return false;
    return isStaff(viewer) || video.owner.id === viewer.id || video.owner.guardian?.id === viewer.id;
  }
  switch (video.access) {
    case VideoAccess.public:
      return true;
    case VideoAccess.members:
      return viewer !== null;
    case VideoAccess.plans:
      return viewer !== null && (isStaff(viewer) || video.planIds.some((id) => facts.planIds.includes(id)));
    case VideoAccess.staff:
      return viewer !== null && isStaff(viewer);
  }
}

/** Whether the prerequisite lock applies to this viewer at all (staff are never locked out). */
export function lockApplies(viewer: Actor | null, video: { unlockedByPrerequisites: boolean; purpose: VideoPurpose }): boolean {
  return video.unlockedByPrerequisites && video.purpose === VideoPurpose.library && !(viewer && isStaff(viewer));
}
