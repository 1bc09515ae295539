/** The table of the rules file, space by space. */
export const RULES_TABLE = `
  1 R    2 P    3 Y    4 B    5 O    6 G    7 R    8 P    9 cupcake   10 Y
 11 B   12 O   13 G   14 R   15 P   16 Y   17 B   18 O   19 G   20 ice-cream
 21 R   22 P   23 Y   24 B   25 O   26 G   27 R   28 P   29 Y   30 B
 31 O   32 G   33 R   34 P   35 Y   36 B   37 O   38 G   39 R   40 P
 41 Y   42 star   43 B   44 O   45 G   46 R   47 P   48 Y   49 B   50 O
 51 G   52 R   53 P   54 Y   55 B   56 O   57 G   58 R   59 P   60 Y
 61 B   62 O   63 G   64 R   65 P   66 Y   67 B   68 O   69 gingerbread   70 G
 71 R   72 P   73 Y   74 B   75 O   76 G   77 R   78 P   79 Y   80 B
 81 O   82 G   83 R   84 P   85 Y   86 B   87 O   88 G   89 R   90 P
 91 Y   92 lollipop   93 B   94 O   95 G   96 R   97 P   98 Y   99 B  100 O
101 G  102 ice-pop  103 R  104 P  105 Y  106 B  107 O  108 G  109 R  110 P
111 Y  112 B  113 O  114 G  115 R  116 P  117 chocolate  118 Y  119 B  120 O
121 G  122 R  123 P  124 Y  125 B  126 O  127 G  128 R  129 P  130 Y
131 B  132 O  133 castle`;

export const LETTERS: Record<string, string> = {
  R: 'red',
  P: 'purple',
  Y: 'yellow',
  B: 'blue',
  O: 'orange',
  G: 'green',
};

export function expectedSpaces(): Map<number, string> {
  const spaces = new Map<number, string>();
  const tokens = RULES_TABLE.trim().split(/\s+/);
  for (let i = 0; i < tokens.length; i += 2) spaces.set(Number(tokens[i]), tokens[i + 1] as string);
  return spaces;
}

/** The track as one letter per space 1–132 (R P Y B O G, or * for a picture), read from the table. */
export function trackLetters(): string {
  const spaces = expectedSpaces();
  let letters = '';
  for (let space = 1; space < 133; space++) {
    const name = spaces.get(space) as string;
    letters += name.length === 1 ? name : '*';
  }
  return letters;
}
