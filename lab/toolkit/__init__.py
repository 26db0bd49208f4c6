"""The toolkit puzzles build on: encodings (Latin squares, counts, paths, connectivity), text
forms, drawing, answers."""
