{
  "compilerOptions": {
    "target": "ES2022",
    "module": "ESNext",
    "moduleResolution": "Bundler",
    "lib": ["ES2023", "DOM", "DOM.Iterable"],
    "types": ["node"],
    "strict": true,
    "skipLibCheck": true,
    "noEmit": true,
    "allowJs": true,
    "allowImportingTsExtensions": true,
    "verbatimModuleSyntax": true,
    "isolatedModules": true,
    "paths": {
      "sdk": ["./runtime/index.ts"],
      "sdk/react": ["./runtime/ui/react/index.ts"],
      "sdk/client": ["./runtime/client/index.ts"],
      "sdk/ws": ["./runtime/ws/index.ts"],
      "sdk/runtime/*": ["./runtime/*"]
    }
  },
  "include": [{{appSourcePlaces}}
    "server",
    "runtime"
  ]
}
