package main

import (
	"fmt"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsdynamodb"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"zuum/shared/schema"
)

// tables maps a schema.Table's ID to the table created for it.
type tables map[string]awsdynamodb.Table

// newData creates one on-demand table per schema.Tables entry. Keys, indexes and the TTL
// attribute are copied from the schema, never restated here, so the local cloud and AWS agree.
func newData(scope constructs.Construct) tables {
	out := make(tables, len(schema.Tables))
	for _, def := range schema.Tables {
		t := awsdynamodb.NewTable(scope, jsii.String(def.ID+"Table"), &awsdynamodb.TableProps{
			PartitionKey: attribute(def.PartitionKey),
			SortKey:      optionalAttribute(def.SortKey),
			// On demand: traffic is spiky (releases, promotions) and unknown at launch.
			BillingMode: awsdynamodb.BillingMode_PAY_PER_REQUEST,
			PointInTimeRecoverySpecification: &awsdynamodb.PointInTimeRecoverySpecification{
				PointInTimeRecoveryEnabled: jsii.Bool(true),
			},
			TimeToLiveAttribute: optionalString(def.TTLAttribute),
			// Users, balances and ledgers outlive any stack: deleting the stack orphans the
			// table instead of dropping the data.
			RemovalPolicy: awscdk.RemovalPolicy_RETAIN,
		})
		for _, ix := range def.Indexes {
			t.AddGlobalSecondaryIndex(&awsdynamodb.GlobalSecondaryIndexProps{
				IndexName:      jsii.String(ix.Name),
				PartitionKey:   attribute(ix.PartitionKey),
				SortKey:        optionalAttribute(ix.SortKey),
				ProjectionType: awsdynamodb.ProjectionType_ALL,
			})
		}
		out[def.ID] = t
	}
	return out
}

// attribute converts a schema key into a CDK key attribute.
func attribute(k schema.Key) *awsdynamodb.Attribute {
	var typ awsdynamodb.AttributeType
	switch k.Type {
	case schema.String:
		typ = awsdynamodb.AttributeType_STRING
	case schema.Number:
		typ = awsdynamodb.AttributeType_NUMBER
	default:
		// A new key type in the schema must be mapped here, not silently stored as a string.
		panic(fmt.Sprintf("schema key %q has unsupported type %q", k.Name, k.Type))
	}
	return &awsdynamodb.Attribute{Name: jsii.String(k.Name), Type: typ}
}

// optionalAttribute converts an optional schema sort key.
func optionalAttribute(k *schema.Key) *awsdynamodb.Attribute {
	if k == nil {
		return nil
	}
	return attribute(*k)
}

// optionalString maps "" to an absent CDK property.
func optionalString(s string) *string {
	if s == "" {
		return nil
	}
	return jsii.String(s)
}
