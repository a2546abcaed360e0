import Avatar from '@mui/material/Avatar';
import type { SxProps, Theme } from '@mui/material/styles';
import { initials } from '../../shared/formats';
import { avatarColor } from './avatarColor';

export interface UserAvatarProps {
  name: string;
  photo?: { url: string } | null;
  /** Width and height in px. */
  size: number;
  /** Rounded square (an item's picture) instead of a circle (a person). */
  variant?: 'circular' | 'rounded';
  /** Hidden from assistive technology: the name is said next to it. */
  decorative?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * A person's photo, or their initials without one (spec §2 Header, §3 Formats), white on a colour
 * derived from the name with at least 4.5:1 contrast.
 */
export function UserAvatar({ name, photo, size, variant, decorative, sx }: UserAvatarProps) {
  return (
    <Avatar
      src={photo?.url}
      alt={photo && !decorative ? name : undefined}
      variant={variant}
      aria-hidden={decorative || undefined}
      sx={[
        { width: size, height: size, bgcolor: avatarColor(name), color: '#ffffff', fontSize: size * 0.4 },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {/* Shown without a photo, and in place of one that fails to load. */}
      {initials(name)}
    </Avatar>
  );
}
