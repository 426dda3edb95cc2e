import Avatar from '@mui/material/Avatar';

/** "Iris Vale" → "IV" (first and last word). */
export function nameInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '?';
  return `${words[0].charAt(0)}${words.length > 1 ? words[words.length - 1].charAt(0) : ''}`.toUpperCase();
}

/**
 * An instructor's photo, or their initials when there is none (or it cannot load). Decorative: the name always
 * stands next to it, so screen readers skip it.
 */
export function InstructorAvatar({ name, photoUrl, size = 40 }: { name: string; photoUrl?: string | null; size?: number }) {
  return (
    <Avatar
      // A span, so it may sit inside buttons and lines of text.
      component="span"
      aria-hidden
      src={photoUrl ?? undefined}
      alt=""
      slotProps={{ img: { loading: 'lazy', decoding: 'async', width: size, height: size } }}
      sx={{
        width: size,
        height: size,
        fontSize: Math.max(9, Math.round(size * 0.38)),
        fontWeight: 'fontWeightExtraBold',
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        flexShrink: 0,
      }}
    >
      {nameInitials(name)}
    </Avatar>
  );
}
