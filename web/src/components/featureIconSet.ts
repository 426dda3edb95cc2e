import AccessibilityNewRounded from '@mui/icons-material/AccessibilityNewRounded';
import BoltRounded from '@mui/icons-material/BoltRounded';
import CalendarMonthRounded from '@mui/icons-material/CalendarMonthRounded';
import CardMembershipRounded from '@mui/icons-material/CardMembershipRounded';
import ChatRounded from '@mui/icons-material/ChatRounded';
import EmojiEventsRounded from '@mui/icons-material/EmojiEventsRounded';
import FavoriteRounded from '@mui/icons-material/FavoriteRounded';
import FitnessCenterRounded from '@mui/icons-material/FitnessCenterRounded';
import GroupsRounded from '@mui/icons-material/GroupsRounded';
import NotificationsRounded from '@mui/icons-material/NotificationsRounded';
import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import SchoolRounded from '@mui/icons-material/SchoolRounded';
import SelfImprovementRounded from '@mui/icons-material/SelfImprovementRounded';
import ShoppingBagRounded from '@mui/icons-material/ShoppingBagRounded';
import SpaRounded from '@mui/icons-material/SpaRounded';
import SportsGymnasticsRounded from '@mui/icons-material/SportsGymnasticsRounded';
import VerifiedRounded from '@mui/icons-material/VerifiedRounded';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import type { ComponentType } from 'react';

/** The landing page editor's icon choices beyond the default features' icons. */
export const MORE_FEATURE_ICONS: Record<string, ComponentType<SvgIconProps>> = {
  calendar_month: CalendarMonthRounded,
  schedule: ScheduleRounded,
  chat: ChatRounded,
  notifications: NotificationsRounded,
  sports_gymnastics: SportsGymnasticsRounded,
  fitness_center: FitnessCenterRounded,
  self_improvement: SelfImprovementRounded,
  accessibility_new: AccessibilityNewRounded,
  groups: GroupsRounded,
  school: SchoolRounded,
  emoji_events: EmojiEventsRounded,
  favorite: FavoriteRounded,
  spa: SpaRounded,
  bolt: BoltRounded,
  verified: VerifiedRounded,
  shopping_bag: ShoppingBagRounded,
  card_membership: CardMembershipRounded,
};
