module example.com/downstream

go 1.26

// This example lives inside the envgen repository and uses the checkout it
// is in; a repository of its own requires a published version instead.
replace github.com/envgen/envgen => ../..

require github.com/envgen/envgen v0.0.0-00010101000000-000000000000

require (
	github.com/aymanbagabas/go-udiff v0.4.1 // indirect
	github.com/dave/jennifer v1.7.1 // indirect
	github.com/dlclark/regexp2 v1.11.0 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3 // indirect
	github.com/spf13/cobra v1.10.2 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
	go.yaml.in/yaml/v3 v3.0.6 // indirect
	golang.org/x/text v0.14.0 // indirect
)

tool github.com/envgen/envgen/cmd/envgen
