package main

import (
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"
	"github.com/aws/jsii-runtime-go"

	"zuum/shared/schema"
)

// keySchema renders a schema key pair the way CloudFormation lists it.
func keySchema(pk schema.Key, sk *schema.Key) arr {
	out := arr{obj{"AttributeName": pk.Name, "KeyType": "HASH"}}
	if sk != nil {
		out = append(out, obj{"AttributeName": sk.Name, "KeyType": "RANGE"})
	}
	return out
}

func TestTables_HaveSchemaKeysIndexesAndOnDemandBilling(t *testing.T) {
	// Given the tables defined in shared/schema
	// When the fresh stack is synthesized
	tmpl, _ := fresh.get(t)

	// Then each exists once, with exactly the schema's keys, indexes and TTL attribute, billed
	// on demand, recoverable to a point in time and kept when the stack goes.
	for _, def := range schema.Tables {
		t.Run(def.ID, func(t *testing.T) {
			indexes := arr{}
			for _, ix := range def.Indexes {
				indexes = append(indexes, obj{
					"IndexName":  ix.Name,
					"KeySchema":  keySchema(ix.PartitionKey, ix.SortKey),
					"Projection": obj{"ProjectionType": "ALL"},
				})
			}
			properties := obj{
				"KeySchema":                        keySchema(def.PartitionKey, def.SortKey),
				"BillingMode":                      "PAY_PER_REQUEST",
				"PointInTimeRecoverySpecification": obj{"PointInTimeRecoveryEnabled": true},
				"GlobalSecondaryIndexes":           assertions.Match_ArrayEquals(&indexes),
			}
			if def.TTLAttribute != "" {
				properties["TimeToLiveSpecification"] = obj{"AttributeName": def.TTLAttribute, "Enabled": true}
			}
			if len(def.Indexes) == 0 {
				properties["GlobalSecondaryIndexes"] = assertions.Match_Absent()
			}
			expect(t, func() {
				tmpl.HasResource(jsii.String("AWS::DynamoDB::Table"), like(obj{
					"Metadata":       obj{"aws:cdk:path": "Zuum/" + def.ID + "Table/Resource"},
					"Properties":     like(properties),
					"DeletionPolicy": "Retain",
				}))
			})
		})
	}
	expect(t, func() {
		tmpl.ResourceCountIs(jsii.String("AWS::DynamoDB::Table"), jsii.Number(len(schema.Tables)))
	})
}

func TestTables_IncludeUsersAndPosts(t *testing.T) {
	// Given the social core, which keeps posts apart from accounts
	// When the fresh stack is synthesized
	tmpl, _ := fresh.get(t)

	// Then both tables exist, so the loop above cannot pass on a shortened schema.Tables
	for _, def := range []schema.Table{schema.Users, schema.Posts} {
		expect(t, func() {
			tmpl.HasResource(jsii.String("AWS::DynamoDB::Table"), like(obj{
				"Metadata": obj{"aws:cdk:path": "Zuum/" + def.ID + "Table/Resource"},
			}))
		})
	}
}
