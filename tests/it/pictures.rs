//! Pictures a teacher would print: every text inside its picture, plurals right, labels,
//! the whole class of one board, and invalid boards with their attacks marked.
