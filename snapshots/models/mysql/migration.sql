CREATE TABLE `blog_posts` (
	`id` int AUTO_INCREMENT NOT NULL,
	`string_field` varchar(255) NOT NULL,
	`text_field` text,
	`integer_field` int NOT NULL,
	`real_field` double,
	`boolean_field` boolean NOT NULL,
	`datetime_field` datetime,
	`blob_field` blob NOT NULL,
	`json_field` json,
	`created_at` timestamp NOT NULL DEFAULT (now()),
	CONSTRAINT `blog_posts_id` PRIMARY KEY(`id`)
);

