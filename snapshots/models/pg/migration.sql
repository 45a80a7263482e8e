CREATE TABLE "blog_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"string_field" varchar(255) NOT NULL,
	"text_field" text,
	"integer_field" integer NOT NULL,
	"real_field" double precision,
	"boolean_field" boolean NOT NULL,
	"datetime_field" timestamp with time zone,
	"blob_field" "bytea" NOT NULL,
	"json_field" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

