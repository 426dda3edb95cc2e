import EventRounded from '@mui/icons-material/EventRounded';
import FamilyRestroomRounded from '@mui/icons-material/FamilyRestroomRounded';
import ForumRounded from '@mui/icons-material/ForumRounded';
import StarRounded from '@mui/icons-material/StarRounded';
import TrendingUpRounded from '@mui/icons-material/TrendingUpRounded';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import { useEffect, useState, type ComponentType } from 'react';

type IconMap = Record<string, ComponentType<SvgIconProps>>;

/** The default features' icons are bundled with the landing page; the editor's other choices load on demand. */
const DEFAULT_ICONS: IconMap = {
  event: EventRounded,
  forum: ForumRounded,
  trending_up: TrendingUpRounded,
  family_restroom: FamilyRestroomRounded,
  star: StarRounded,
};

let moreIcons: IconMap | null = null;
let loading: Promise<IconMap> | null = null;

export function loadFeatureIcons(): Promise<IconMap> {
  loading ??= import('./featureIconSet').then((m) => (moreIcons = { ...DEFAULT_ICONS, ...m.MORE_FEATURE_ICONS }));
  return loading;
}

/** Every icon name the landing page editor offers (snake_case Material icon names). */
export const FEATURE_ICON_NAMES = [
  'event',
  'forum',
  'trending_up',
  'family_restroom',
  'calendar_month',
  'schedule',
  'chat',
  'notifications',
  'sports_gymnastics',
  'fitness_center',
  'self_improvement',
  'accessibility_new',
  'groups',
  'school',
  'emoji_events',
  'star',
  'favorite',
  'spa',
  'bolt',
  'verified',
  'shopping_bag',
  'card_membership',
];

export function FeatureIcon({ name, ...props }: { name: string } & SvgIconProps) {
  const [icons, setIcons] = useState<IconMap | null>(moreIcons);
  const known = DEFAULT_ICONS[name] ?? icons?.[name];
  useEffect(() => {
    if (!known && !icons) void loadFeatureIcons().then(setIcons);
  }, [known, icons]);
  if (!known && !icons) return <span style={{ display: 'inline-block', width: '1em', height: '1em', fontSize: 24 }} aria-hidden />;
  const Icon = known ?? StarRounded;
  return <Icon {...props} />;
}
