import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import { historyText } from '../../../shared/messages/historyScreens';
import type { FieldDifference } from './changes';

const added = (theme: Theme) => ({
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  bgcolor: alpha(theme.palette.success.main, theme.palette.mode === 'dark' ? 0.3 : 0.16),
  color: 'text.primary',
  textDecoration: 'none',
});
const removed = (theme: Theme) => ({
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  bgcolor: alpha(theme.palette.error.main, theme.palette.mode === 'dark' ? 0.3 : 0.14),
  color: 'text.primary',
  textDecoration: 'line-through',
});

const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** Words for screen readers only (they do not all announce `<ins>` and `<del>`). */
function Hidden({ text }: { text: string }) {
  return <Box component="span" sx={visuallyHidden}>{`[${text}] `}</Box>;
}

/** An empty value: "(empty)" in grey, neither struck nor marked. */
function Empty() {
  return (
    <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic' }}>
      {historyText.empty}
    </Box>
  );
}

/** "Before: old" or "After: new", the value struck through or marked (an empty one neither). */
function Side({ label, text, mark }: { label: string; text: string; mark: 'del' | 'ins' }) {
  return (
    <span>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:{' '}
      </Box>
      {text ? (
        <Box component={mark} sx={mark === 'del' ? removed : added}>
          {text}
        </Box>
      ) : (
        <Empty />
      )}
    </span>
  );
}

/**
 * The differences of one revision, one block per field with its label: short values as before →
 * after, long texts and rich text as one text whose removed words are struck through (`<del>`) and
 * added words marked (`<ins>`), both also named for screen readers. Text only: rich text arrives
 * here as its text content, never as HTML.
 */
export function FieldDifferences({
  differences,
  only,
}: {
  differences: FieldDifference[];
  /** A created record has only values after, a deleted one only values before: shown plainly. */
  only?: 'before' | 'after';
}) {
  if (!differences.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {historyText.noFieldChanges}
      </Typography>
    );
  return (
    <Stack component="dl" spacing={1.5} sx={{ m: 0 }}>
      {differences.map((difference) => (
        <Box key={difference.field}>
          <Typography component="dt" variant="subtitle2">
            {difference.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {difference.kind === 'values' && only ? (
              <Box component="span" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {difference[only] || <Empty />}
              </Box>
            ) : difference.kind === 'values' ? (
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={{ xs: 0.25, sm: 1 }}
                useFlexGap
                flexWrap="wrap"
              >
                <Side label={historyText.before} text={difference.before} mark="del" />
                <Side label={historyText.after} text={difference.after} mark="ins" />
              </Stack>
            ) : (
              <Box
                component="span"
                sx={{ display: 'block', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
              >
                {difference.parts.map((part, index) =>
                  part.added ? (
                    <Box component="ins" key={index} sx={added}>
                      <Hidden text={historyText.addedText} />
                      {part.text}
                    </Box>
                  ) : part.removed ? (
                    <Box component="del" key={index} sx={removed}>
                      <Hidden text={historyText.removedText} />
                      {part.text}
                    </Box>
                  ) : (
                    <span key={index}>{part.text}</span>
                  ),
                )}
              </Box>
            )}
          </Typography>
        </Box>
      ))}
    </Stack>
  );
}
