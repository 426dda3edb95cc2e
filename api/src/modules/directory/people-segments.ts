import { registerEnumType } from 'type-graphql';
import { HELD_MEMBERSHIP } from './directory.loaders.js';

/**
 * The people the admin dashboard counts as needing a word, as conditions over `app_user u`: the dashboard counts them
 * with these very conditions and links to the users or students table filtered by the same segment, so a figure and
 * its table always agree.
 */
export enum PeopleSegment {
  trial_not_back = 'trial_not_back',
  stuck = 'stuck',
  low_pack = 'low_pack',
}
registerEnumType(PeopleSegment, {
  name: 'PeopleSegment',
  valuesConfig: {
    trial_not_back: { description: 'Trial students who came 1–3 times, not in the last 14 days, and hold nothing nor booked ahead' },
    stuck: { description: 'Students coming to class (last 21 days), with the studio 90+ days, and no new level in 90 days' },
    low_pack: { description: 'People with a class pack running out: 1 to 3 classes left, not expired' },
  },
});

/** Days without a visit after which a member counts as at risk, as the tables' "not visited for" filter reads it. */
export const AT_RISK_DAYS = 21;
/** A trial member came this many classes at most (studios convert after 3–4)… */
export const TRIAL_CLASSES = 3;
/** …and has not been back (nor booked) for this many days, having come within TRIAL_WINDOW_DAYS. */
export const TRIAL_GONE_DAYS = 14;
export const TRIAL_WINDOW_DAYS = 90;
/** A pack with this many classes left or fewer (and some) is running out. */
export const LOW_PACK_CLASSES = 3;
/** Days without a new level, while still coming to class, after which a student counts as stuck. */
export const STUCK_DAYS = 90;

const HELD = HELD_MEMBERSHIP.map((status) => `'${status}'`).join(', ');

/** Who the users table lists (accounts: people who sign in) and who the students table lists, as conditions. */
export const ACCOUNT_SQL = 'u.removed_at is null and u.username is not null';
export const STUDENT_SQL = "u.removed_at is null and u.role = 'student'";

export const SEGMENT_SQL: Record<PeopleSegment, string> = {
  trial_not_back: `(u.role = 'student' and u.is_active and u.attended_count between 1 and ${TRIAL_CLASSES}
    and u.last_visit_at < now() - interval '${TRIAL_GONE_DAYS} days' and u.last_visit_at >= now() - interval '${TRIAL_WINDOW_DAYS} days'
    and not exists (select 1 from membership m where m.holder_id in (u.id, u.guardian_id) and m.status in (${HELD}))
    and not exists (select 1 from booking b join class_instance c on c.id = b.class_instance_id
                    where b.attendee_id = u.id and b.status = 'confirmed' and c.starts_at > now()))`,
  stuck: `(u.role = 'student' and u.is_active and u.last_visit_at >= now() - interval '${AT_RISK_DAYS} days'
    and u.created_at < now() - interval '${STUCK_DAYS} days'
    and not exists (select 1 from level_achievement a where a.student_id = u.id and a.at >= now() - interval '${STUCK_DAYS} days'))`,
  low_pack: `exists (select 1 from class_pack p where p.owner_id = u.id and p.expires_at > now()
    and p.classes - p.used between 1 and ${LOW_PACK_CLASSES})`,
};
