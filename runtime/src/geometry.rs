//! Board geometry: dense square indices over the real squares, coordinates and square names.

use crate::spec::{BoardSpec, Coord, Player};

/// A dense index over the board's real squares (holes and grid corners have none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Square(pub u16);

impl Square {
    /// The index into per-square tables.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A value per player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct ByPlayer<T> {
    /// The first player's value.
    pub first: T,
    /// The second player's value.
    pub second: T,
}

impl<T> ByPlayer<T> {
    /// A pair from the two players' values.
    pub fn new(first: T, second: T) -> Self {
        ByPlayer { first, second }
    }
    /// The value of `player`.
    pub const fn get(&self, player: Player) -> &T {
        match player {
            Player::First => &self.first,
            Player::Second => &self.second,
        }
    }
    /// The value of `player`, to change.
    pub fn get_mut(&mut self, player: Player) -> &mut T {
        match player {
            Player::First => &mut self.first,
            Player::Second => &mut self.second,
        }
    }
}

impl Player {
    /// The other player.
    pub const fn opponent(self) -> Player {
        match self {
            Player::First => Player::Second,
            Player::Second => Player::First,
        }
    }
    /// 0 for the first player, 1 for the second.
    pub const fn index(self) -> usize {
        match self {
            Player::First => 0,
            Player::Second => 1,
        }
    }
    /// The player of [`Player::index`] `index` (any index but 0 is the second player).
    pub const fn from_index(index: usize) -> Player {
        if index == 0 {
            Player::First
        } else {
            Player::Second
        }
    }
}

/// The shape of the board: which grid cells are squares and how they are numbered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Geometry {
    /// Grid columns.
    pub width: u8,
    /// Grid rows.
    pub height: u8,
    /// Rank number printed for grid row 0.
    pub first_rank: i16,
    /// How squares are named: the one owner of square names in position text, moves,
    /// diagrams and the web page.
    pub names: SquareNames,
    /// Grid cell (`y * width + x`) to dense square, `None` for cells that are not squares.
    dense: Vec<Option<Square>>,
    coords: Vec<Coord>,
}

impl Geometry {
    /// The geometry of a board.
    pub fn new(board: &BoardSpec) -> Geometry {
        let cells = usize::from(board.width) * usize::from(board.height);
        let mut dense = vec![None; cells];
        let mut coords = Vec::new();
        for y in 0..board.height {
            for x in 0..board.width {
                let cell = usize::from(y) * usize::from(board.width) + usize::from(x);
                if board.real.get(cell).copied().unwrap_or(false) {
                    let index = u16::try_from(coords.len()).unwrap_or(u16::MAX);
                    dense[cell] = Some(Square(index));
                    coords.push(Coord { x, y });
                }
            }
        }
        Geometry {
            width: board.width,
            height: board.height,
            first_rank: board.first_rank,
            names: SquareNames::new(board),
            dense,
            coords,
        }
    }

    /// Number of real squares.
    pub fn len(&self) -> usize {
        self.coords.len()
    }

    /// True for a board without squares.
    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }

    /// The grid position of a square.
    pub fn coord(&self, sq: Square) -> Coord {
        self.coords[sq.index()]
    }

    /// The square at a grid position, if it is a real square.
    pub fn square(&self, x: i32, y: i32) -> Option<Square> {
        if x < 0 || y < 0 || x >= i32::from(self.width) || y >= i32::from(self.height) {
            return None;
        }
        let cell = usize::try_from(y * i32::from(self.width) + x).ok()?;
        self.dense[cell]
    }

    /// The square at a grid position, if it is a real square.
    pub fn square_at(&self, c: Coord) -> Option<Square> {
        self.square(i32::from(c.x), i32::from(c.y))
    }

    /// The 180-degree rotation of a coordinate (the second player's view of the first's).
    pub fn rotate(&self, c: Coord) -> Coord {
        Coord {
            x: self.width - 1 - c.x,
            y: self.height - 1 - c.y,
        }
    }

    /// A set of squares given for the first player, as a mask per player: the second player's
    /// squares are `second` as written when the set gives them (the two sides of the game
    /// differ), else the 180 degree turn of `first`. Squares off the board are left out.
    pub fn sided_mask(&self, first: &[Coord], second: Option<&[Coord]>) -> ByPlayer<Vec<bool>> {
        let mut mask = ByPlayer::new(vec![false; self.len()], vec![false; self.len()]);
        for &c in first {
            if let Some(sq) = self.square_at(c) {
                mask.first[sq.index()] = true;
            }
        }
        let turned = || first.iter().map(|&c| self.rotate(c)).collect::<Vec<_>>();
        let second = second.map_or_else(turned, <[Coord]>::to_vec);
        for c in second {
            if let Some(sq) = self.square_at(c) {
                mask.second[sq.index()] = true;
            }
        }
        mask
    }

    /// The square name: file letters and rank number (`e4`, `p16`, `e0`, `ab36`), or the
    /// square's own name (`w1`).
    pub fn name(&self, sq: Square) -> String {
        self.names.name(self.coord(sq))
    }

    /// Parses a square name; `None` when malformed or not a real square.
    pub fn parse_square(&self, text: &str) -> Option<Square> {
        let (sq, rest) = self.parse_square_prefix(text)?;
        rest.is_empty().then_some(sq)
    }

    /// Parses a square name at the start of `text`, returning the rest.
    pub fn parse_square_prefix<'a>(&self, text: &'a str) -> Option<(Square, &'a str)> {
        let (c, rest) = self
            .names
            .parse_prefix(text, |c| self.square_at(c).is_some())?;
        Some((self.square_at(c)?, rest))
    }

    /// Iterates over every real square.
    pub fn squares(&self) -> impl Iterator<Item = Square> + use<> {
        (0..u16::try_from(self.coords.len()).unwrap_or(u16::MAX)).map(Square)
    }
}

/// Square names: a file label and a rank number counted from the grid's first file and rank,
/// unless the board gives the square a name of its own.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SquareNames {
    /// File number (`a` = 0) of grid column 0.
    pub first_file: i16,
    /// Rank number of grid row 0.
    pub first_rank: i16,
    /// Squares named explicitly.
    pub own: Vec<(Coord, String)>,
}

impl SquareNames {
    /// The names of a board's squares.
    pub fn new(board: &BoardSpec) -> SquareNames {
        SquareNames {
            first_file: board.first_file,
            first_rank: board.first_rank,
            own: board.names.clone(),
        }
    }

    /// The name of the square at `c`.
    pub fn name(&self, c: Coord) -> String {
        match self.own.iter().find(|(at, _)| *at == c) {
            Some((_, name)) => name.clone(),
            None => format!("{}{}", self.file_label(c.x), self.rank_label(c.y)),
        }
    }

    /// The letters of grid column `x`; empty left of file `a`, where squares have their own names.
    pub fn file_label(&self, x: u8) -> String {
        u8::try_from(i32::from(x) + i32::from(self.first_file))
            .map(file_name)
            .unwrap_or_default()
    }

    /// The number of grid row `y`.
    pub fn rank_label(&self, y: u8) -> i32 {
        i32::from(y) + i32::from(self.first_rank)
    }

    /// The labels along the edges of a `width` x `height` grid: each column's file letters and
    /// each row's rank number, blank where no square (`exists`) of it is named by file and rank
    /// (the column of Omega's `w1` and `w4`, the rows of its wizard squares).
    pub fn edge_labels(
        &self,
        width: u8,
        height: u8,
        exists: impl Fn(Coord) -> bool,
    ) -> (Vec<String>, Vec<String>) {
        let by_grid = |c: Coord| exists(c) && !self.own.iter().any(|(at, _)| *at == c);
        let files = (0..width)
            .map(|x| match (0..height).any(|y| by_grid(Coord { x, y })) {
                true => self.file_label(x),
                false => String::new(),
            })
            .collect();
        let ranks = (0..height)
            .map(|y| match (0..width).any(|x| by_grid(Coord { x, y })) {
                true => self.rank_label(y).to_string(),
                false => String::new(),
            })
            .collect();
        (files, ranks)
    }

    /// The grid cell named at the start of `text`, and the rest: the longest name that fits,
    /// own names tried beside file and rank; `exists` says which cells are squares.
    pub fn parse_prefix<'a>(
        &self,
        text: &'a str,
        exists: impl Fn(Coord) -> bool,
    ) -> Option<(Coord, &'a str)> {
        let own = self
            .own
            .iter()
            .filter(|(_, name)| text.starts_with(name.as_str()))
            .max_by_key(|(_, name)| name.len())
            .map(|(c, name)| (*c, &text[name.len()..]));
        let grid = self.parse_grid_prefix(text).filter(|(c, _)| exists(*c));
        match (own, grid) {
            (Some(o), Some(g)) if g.1.len() < o.1.len() => Some(g),
            (Some(o), _) => Some(o),
            (None, g) => g,
        }
    }

    /// A file and rank name at the start of `text`, as a grid cell.
    fn parse_grid_prefix<'a>(&self, text: &'a str) -> Option<(Coord, &'a str)> {
        let (file, text) = parse_file(text)?;
        let bytes = text.as_bytes();
        let mut end = 0;
        if bytes.first() == Some(&b'-') && bytes.get(1).is_some_and(u8::is_ascii_digit) {
            end += 1;
        }
        while bytes.get(end).is_some_and(u8::is_ascii_digit) {
            end += 1;
        }
        if end == 0 {
            return None;
        }
        let rank: i32 = text[..end].parse().ok()?;
        let x = u8::try_from(i64::from(file) - i64::from(self.first_file)).ok()?;
        let y = u8::try_from(rank - i32::from(self.first_rank)).ok()?;
        Some((Coord { x, y }, &text[end..]))
    }
}

/// The name of file `x` (from 0): `a` to `z`, then `aa`, `ab`, ... like spreadsheet columns,
/// so Taikyoku Shogi's 36 files run from `a` to `aj`.
///
/// ```
/// use koma_runtime::geometry::{file_name, parse_file};
/// assert_eq!((file_name(0), file_name(25), file_name(26), file_name(35)), ("a".into(), "z".into(), "aa".into(), "aj".into()));
/// assert_eq!(parse_file("aj36"), Some((35, "36")));
/// ```
pub fn file_name(x: u8) -> String {
    let mut n = u32::from(x) + 1;
    let mut letters = Vec::new();
    while n > 0 {
        n -= 1;
        letters.push(char::from(b'a' + (n % 26) as u8));
        n /= 26;
    }
    letters.iter().rev().collect()
}

/// The file named by the lowercase letters at the start of `text` (see [`file_name`]) and the
/// rest of the text; `None` without letters or with more than three.
pub fn parse_file(text: &str) -> Option<(u32, &str)> {
    let letters = text.bytes().take_while(u8::is_ascii_lowercase).count();
    if letters == 0 || letters > 3 {
        return None;
    }
    let n = text
        .bytes()
        .take(letters)
        .fold(0u32, |n, b| n * 26 + u32::from(b - b'a') + 1);
    Some((n - 1, &text[letters..]))
}
