module github.com/envgen/envgen/golden

// This module only keeps the golden files out of the main module's ./... ;
// gen/golden_test.go builds and vets them in a module of their own.

go 1.26
