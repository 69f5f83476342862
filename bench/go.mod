module github.com/envgen/envgen/bench

go 1.26

require (
	github.com/atombender/go-jsonschema v0.24.1
	github.com/envgen/envgen v0.0.0
	github.com/go-viper/mapstructure/v2 v2.5.0
	github.com/santhosh-tekuri/jsonschema/v6 v6.0.3
)

require (
	dario.cat/mergo v1.0.2 // indirect
	github.com/aymanbagabas/go-udiff v0.4.1 // indirect
	github.com/dave/jennifer v1.7.1 // indirect
	github.com/dlclark/regexp2 v1.11.0 // indirect
	github.com/goccy/go-yaml v1.19.2 // indirect
	github.com/google/go-cmp v0.7.0 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/mitchellh/go-wordwrap v1.0.1 // indirect
	github.com/sanity-io/litter v1.5.8 // indirect
	github.com/sosodev/duration v1.4.0 // indirect
	github.com/spf13/cobra v1.10.2 // indirect
	github.com/spf13/pflag v1.0.10 // indirect
	go.yaml.in/yaml/v3 v3.0.6 // indirect
	golang.org/x/text v0.14.0 // indirect
)

replace github.com/envgen/envgen => ../
