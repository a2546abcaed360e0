import Avatar from '@mui/material/Avatar';
import type { SxProps, Theme } from '@mui/material/styles';
import { initials } from '../../shared/formats';

export interface UserAvatarProps {
  name: string;
  photo?: { url: string } | null;
  /** Width and height in px. */
  size: number;
  sx?: SxProps<Theme>;
}

/** A person's photo, or their initials without one (spec §2 Header, §3 Formats). */
export function UserAvatar({ name, photo, size, sx }: UserAvatarProps) {
  return (
    <Avatar
      src={photo?.url}
      alt={photo ? name : undefined}
      sx={[{ width: size, height: size }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {/* Shown without a photo, and in place of one that fails to load. */}
      {initials(name)}
    </Avatar>
  );
}
