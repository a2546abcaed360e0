import { AVATAR_COLORS, avatarColor, contrastRatio } from './avatarColor';

describe('avatarColor', () => {
  it.each(AVATAR_COLORS)('%s carries white initials at 4.5:1 or more', (color) => {
    expect(contrastRatio(color, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('gives a name the same colour every time, whatever its case or spacing', () => {
    expect(avatarColor('Ada Lovelace')).toBe(avatarColor('Ada Lovelace'));
    expect(avatarColor(' ada lovelace ')).toBe(avatarColor('Ada Lovelace'));
  });

  it('spreads names over the palette', () => {
    const names = [
      'Ada Lovelace',
      'Grace Hopper',
      'Alan Turing',
      'Edsger Dijkstra',
      'Barbara Liskov',
      'Bea Brandt',
    ];
    expect(new Set(names.map(avatarColor)).size).toBeGreaterThan(2);
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1f5fbf', '#1f5fbf')).toBe(1);
  });
});
