CREATE TABLE `blog_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`string_field` text NOT NULL,
	`text_field` text,
	`integer_field` integer NOT NULL,
	`real_field` real,
	`boolean_field` integer NOT NULL,
	`datetime_field` integer,
	`blob_field` blob NOT NULL,
	`json_field` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL
);

