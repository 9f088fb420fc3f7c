-- What a fast page needs of every article image (src/schemas/article-fields.ts): the cover's ThumbHash placeholder
-- and dominant colour, and each <img> of content_html with its size, placeholder and colour (a jsonb list, never
-- null). Measured at publish from the images themselves (src/publishing/measure-images.ts).
ALTER TABLE articles ADD COLUMN IF NOT EXISTS image_placeholder text;
ALTER TABLE articles ADD COLUMN IF NOT EXISTS image_color text;
ALTER TABLE articles ADD COLUMN IF NOT EXISTS body_images jsonb NOT NULL DEFAULT '[]';
