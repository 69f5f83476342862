package load

// A keyword is one of the keywords compile reads, by its place in keywordNames.
type keyword uint8

const (
	kwID keyword = iota
	kwIDDraft4
	kwRef
	kwAnchor
	kwRecursiveRef
	kwRecursiveAnchor
	kwDynamicRef
	kwDynamicAnchor
	kwUnevaluatedItems
	kwUnevaluatedProperties
	kwFormat
	kwTitle
	kwDescription
	kwDefault
	kwComment
	kwReadOnly
	kwWriteOnly
	kwExamples
	kwDeprecated
	kwAllOf
	kwAnyOf
	kwOneOf
	kwNot
	kwItems
	kwAdditionalItems
	kwPrefixItems
	kwProperties
	kwPatternProperties
	kwAdditionalProperties
	kwDependencies
	kwContains
	kwPropertyNames
	kwIf
	kwThen
	kwElse
	kwDependentSchemas
	kwType
	kwEnum
	kwMultipleOf
	kwMaximum
	kwMinimum
	kwExclusiveMaximum
	kwExclusiveMinimum
	kwMinLength
	kwMaxLength
	kwPattern
	kwMinItems
	kwMaxItems
	kwUniqueItems
	kwMaxProperties
	kwMinProperties
	kwRequired
	kwConst
	kwMinContains
	kwMaxContains
	kwDependentRequired
	numKeywords
)

// keywordNames spells each keyword; none needs escaping in a JSON Pointer.
var keywordNames = [numKeywords]string{
	kwID: "$id", kwIDDraft4: "id", kwRef: "$ref", kwAnchor: "$anchor", kwRecursiveRef: "$recursiveRef",
	kwRecursiveAnchor: "$recursiveAnchor", kwDynamicRef: "$dynamicRef", kwDynamicAnchor: "$dynamicAnchor",
	kwUnevaluatedItems: "unevaluatedItems", kwUnevaluatedProperties: "unevaluatedProperties", kwFormat: "format",
	kwTitle: "title", kwDescription: "description", kwDefault: "default", kwComment: "$comment",
	kwReadOnly: "readOnly", kwWriteOnly: "writeOnly", kwExamples: "examples", kwDeprecated: "deprecated",
	kwAllOf: "allOf", kwAnyOf: "anyOf", kwOneOf: "oneOf", kwNot: "not", kwItems: "items",
	kwAdditionalItems: "additionalItems", kwPrefixItems: "prefixItems", kwProperties: "properties",
	kwPatternProperties: "patternProperties", kwAdditionalProperties: "additionalProperties",
	kwDependencies: "dependencies", kwContains: "contains", kwPropertyNames: "propertyNames", kwIf: "if",
	kwThen: "then", kwElse: "else", kwDependentSchemas: "dependentSchemas", kwType: "type", kwEnum: "enum",
	kwMultipleOf: "multipleOf", kwMaximum: "maximum", kwMinimum: "minimum", kwExclusiveMaximum: "exclusiveMaximum",
	kwExclusiveMinimum: "exclusiveMinimum", kwMinLength: "minLength", kwMaxLength: "maxLength",
	kwPattern: "pattern", kwMinItems: "minItems", kwMaxItems: "maxItems", kwUniqueItems: "uniqueItems",
	kwMaxProperties: "maxProperties", kwMinProperties: "minProperties", kwRequired: "required",
	kwConst: "const", kwMinContains: "minContains", kwMaxContains: "maxContains",
	kwDependentRequired: "dependentRequired",
}

// keywordOf is keywordNames the other way.
var keywordOf = func() map[string]keyword {
	m := make(map[string]keyword, numKeywords)
	for k, name := range keywordNames {
		m[name] = keyword(k)
	}
	return m
}()
