"use strict";
export const validate = validate10;
export default validate10;
const schema11 = {"type":"object","additionalProperties":false,"required":["notFound","isr"],"properties":{"headers":{"type":"object","propertyNames":{"type":"string","pattern":"^(?:/.*|\\*)$","description":"a URL pattern starting with \"/\", or \"*\"","examples":["/api/*"]},"additionalProperties":{"type":"array","items":{"type":"string","pattern":"^[!#$%&'*+.^_`|~0-9A-Za-z-]+:[ \\t]*[^\\r\\n \\t][^\\r\\n]*$","description":"a header line \"Name: value\" with no line breaks","examples":["X-Frame-Options: DENY"]}}},"redirects":{"type":"object","propertyNames":{"type":"string","pattern":"^(?:/.*|\\*)$","description":"a URL pattern starting with \"/\", or \"*\"","examples":["/api/*"]},"additionalProperties":{"type":["string","object"],"pattern":"\\S","description":"a non-empty destination, or an object { to, status? }","examples":["/new"],"properties":{"to":{"type":"string","pattern":"\\S","description":"a non-empty string"},"status":{"enum":[301,302,303,307,308]}},"required":["to"],"additionalProperties":false}},"rewrites":{"type":"object","propertyNames":{"type":"string","pattern":"^(?:/.*|\\*)$","description":"a URL pattern starting with \"/\", or \"*\"","examples":["/api/*"]},"additionalProperties":{"type":"string","pattern":"\\S","description":"a non-empty string"}},"fallbacks":{"type":"object","propertyNames":{"type":"string","pattern":"^(?:/.*|\\*)$","description":"a URL pattern starting with \"/\", or \"*\"","examples":["/api/*"]},"additionalProperties":{"type":"string","pattern":"\\S","description":"a non-empty string"}},"isr":{"type":"boolean"},"revalidate":{"type":"object","propertyNames":{"type":"string","pattern":"^(?:/.*|\\*)$","description":"a URL pattern starting with \"/\", or \"*\"","examples":["/api/*"]},"additionalProperties":{"type":"integer","minimum":0}},"revalidateQueryAllowlist":{"type":"object","propertyNames":{"type":"string","pattern":"^(?:/.*|\\*)$","description":"a URL pattern starting with \"/\", or \"*\"","examples":["/api/*"]},"additionalProperties":{"type":"array","items":{"type":"string"}}},"notFound":{"enum":["single-page-application","404-page","none"]},"notFoundPages":{"type":"array","items":{"type":"string","pattern":"^/"}}}};
const func2 = Object.prototype.hasOwnProperty;
const pattern0 = new RegExp("^(?:/.*|\\*)$", "u");
const pattern1 = new RegExp("^[!#$%&'*+.^_`|~0-9A-Za-z-]+:[ \\t]*[^\\r\\n \\t][^\\r\\n]*$", "u");
const pattern3 = new RegExp("\\S", "u");
const pattern11 = new RegExp("^/", "u");

function validate10(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.notFound === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "notFound"},message:"must have required property '"+"notFound"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.isr === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "isr"},message:"must have required property '"+"isr"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 in data){
if(!(func2.call(schema11.properties, key0))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.headers !== undefined){
let data0 = data.headers;
if(data0 && typeof data0 == "object" && !Array.isArray(data0)){
for(const key1 in data0){
const _errs4 = errors;
if(typeof key1 === "string"){
if(!pattern0.test(key1)){
const err3 = {instancePath:instancePath+"/headers",schemaPath:"#/properties/headers/propertyNames/pattern",keyword:"pattern",params:{pattern: "^(?:/.*|\\*)$"},message:"must match pattern \""+"^(?:/.*|\\*)$"+"\"",propertyName:key1};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
else {
const err4 = {instancePath:instancePath+"/headers",schemaPath:"#/properties/headers/propertyNames/type",keyword:"type",params:{type: "string"},message:"must be string",propertyName:key1};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
var valid1 = _errs4 === errors;
if(!valid1){
const err5 = {instancePath:instancePath+"/headers",schemaPath:"#/properties/headers/propertyNames",keyword:"propertyNames",params:{propertyName: key1},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
for(const key2 in data0){
let data1 = data0[key2];
if(Array.isArray(data1)){
const len0 = data1.length;
for(let i0=0; i0<len0; i0++){
let data2 = data1[i0];
if(typeof data2 === "string"){
if(!pattern1.test(data2)){
const err6 = {instancePath:instancePath+"/headers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + i0,schemaPath:"#/properties/headers/additionalProperties/items/pattern",keyword:"pattern",params:{pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]+:[ \\t]*[^\\r\\n \\t][^\\r\\n]*$"},message:"must match pattern \""+"^[!#$%&'*+.^_`|~0-9A-Za-z-]+:[ \\t]*[^\\r\\n \\t][^\\r\\n]*$"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/headers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + i0,schemaPath:"#/properties/headers/additionalProperties/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
}
else {
const err8 = {instancePath:instancePath+"/headers/" + key2.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/headers/additionalProperties/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath:instancePath+"/headers",schemaPath:"#/properties/headers/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.redirects !== undefined){
let data3 = data.redirects;
if(data3 && typeof data3 == "object" && !Array.isArray(data3)){
for(const key3 in data3){
const _errs13 = errors;
if(typeof key3 === "string"){
if(!pattern0.test(key3)){
const err10 = {instancePath:instancePath+"/redirects",schemaPath:"#/properties/redirects/propertyNames/pattern",keyword:"pattern",params:{pattern: "^(?:/.*|\\*)$"},message:"must match pattern \""+"^(?:/.*|\\*)$"+"\"",propertyName:key3};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/redirects",schemaPath:"#/properties/redirects/propertyNames/type",keyword:"type",params:{type: "string"},message:"must be string",propertyName:key3};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
var valid5 = _errs13 === errors;
if(!valid5){
const err12 = {instancePath:instancePath+"/redirects",schemaPath:"#/properties/redirects/propertyNames",keyword:"propertyNames",params:{propertyName: key3},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
for(const key4 in data3){
let data4 = data3[key4];
if((typeof data4 !== "string") && (!(data4 && typeof data4 == "object" && !Array.isArray(data4)))){
const err13 = {instancePath:instancePath+"/redirects/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/redirects/additionalProperties/type",keyword:"type",params:{type: schema11.properties.redirects.additionalProperties.type},message:"must be string,object"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(typeof data4 === "string"){
if(!pattern3.test(data4)){
const err14 = {instancePath:instancePath+"/redirects/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/redirects/additionalProperties/pattern",keyword:"pattern",params:{pattern: "\\S"},message:"must match pattern \""+"\\S"+"\""};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data4 && typeof data4 == "object" && !Array.isArray(data4)){
if(data4.to === undefined){
const err15 = {instancePath:instancePath+"/redirects/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/redirects/additionalProperties/required",keyword:"required",params:{missingProperty: "to"},message:"must have required property '"+"to"+"'"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
for(const key5 in data4){
if(!((key5 === "to") || (key5 === "status"))){
const err16 = {instancePath:instancePath+"/redirects/" + key4.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/redirects/additionalProperties/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data4.to !== undefined){
let data5 = data4.to;
if(typeof data5 === "string"){
if(!pattern3.test(data5)){
const err17 = {instancePath:instancePath+"/redirects/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/to",schemaPath:"#/properties/redirects/additionalProperties/properties/to/pattern",keyword:"pattern",params:{pattern: "\\S"},message:"must match pattern \""+"\\S"+"\""};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
else {
const err18 = {instancePath:instancePath+"/redirects/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/to",schemaPath:"#/properties/redirects/additionalProperties/properties/to/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data4.status !== undefined){
let data6 = data4.status;
if(!(((((data6 === 301) || (data6 === 302)) || (data6 === 303)) || (data6 === 307)) || (data6 === 308))){
const err19 = {instancePath:instancePath+"/redirects/" + key4.replace(/~/g, "~0").replace(/\//g, "~1")+"/status",schemaPath:"#/properties/redirects/additionalProperties/properties/status/enum",keyword:"enum",params:{allowedValues: schema11.properties.redirects.additionalProperties.properties.status.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
}
}
else {
const err20 = {instancePath:instancePath+"/redirects",schemaPath:"#/properties/redirects/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.rewrites !== undefined){
let data7 = data.rewrites;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
for(const key6 in data7){
const _errs24 = errors;
if(typeof key6 === "string"){
if(!pattern0.test(key6)){
const err21 = {instancePath:instancePath+"/rewrites",schemaPath:"#/properties/rewrites/propertyNames/pattern",keyword:"pattern",params:{pattern: "^(?:/.*|\\*)$"},message:"must match pattern \""+"^(?:/.*|\\*)$"+"\"",propertyName:key6};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/rewrites",schemaPath:"#/properties/rewrites/propertyNames/type",keyword:"type",params:{type: "string"},message:"must be string",propertyName:key6};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
var valid8 = _errs24 === errors;
if(!valid8){
const err23 = {instancePath:instancePath+"/rewrites",schemaPath:"#/properties/rewrites/propertyNames",keyword:"propertyNames",params:{propertyName: key6},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
for(const key7 in data7){
let data8 = data7[key7];
if(typeof data8 === "string"){
if(!pattern3.test(data8)){
const err24 = {instancePath:instancePath+"/rewrites/" + key7.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/rewrites/additionalProperties/pattern",keyword:"pattern",params:{pattern: "\\S"},message:"must match pattern \""+"\\S"+"\""};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
else {
const err25 = {instancePath:instancePath+"/rewrites/" + key7.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/rewrites/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath:instancePath+"/rewrites",schemaPath:"#/properties/rewrites/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data.fallbacks !== undefined){
let data9 = data.fallbacks;
if(data9 && typeof data9 == "object" && !Array.isArray(data9)){
for(const key8 in data9){
const _errs31 = errors;
if(typeof key8 === "string"){
if(!pattern0.test(key8)){
const err27 = {instancePath:instancePath+"/fallbacks",schemaPath:"#/properties/fallbacks/propertyNames/pattern",keyword:"pattern",params:{pattern: "^(?:/.*|\\*)$"},message:"must match pattern \""+"^(?:/.*|\\*)$"+"\"",propertyName:key8};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
else {
const err28 = {instancePath:instancePath+"/fallbacks",schemaPath:"#/properties/fallbacks/propertyNames/type",keyword:"type",params:{type: "string"},message:"must be string",propertyName:key8};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
var valid10 = _errs31 === errors;
if(!valid10){
const err29 = {instancePath:instancePath+"/fallbacks",schemaPath:"#/properties/fallbacks/propertyNames",keyword:"propertyNames",params:{propertyName: key8},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
}
for(const key9 in data9){
let data10 = data9[key9];
if(typeof data10 === "string"){
if(!pattern3.test(data10)){
const err30 = {instancePath:instancePath+"/fallbacks/" + key9.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/fallbacks/additionalProperties/pattern",keyword:"pattern",params:{pattern: "\\S"},message:"must match pattern \""+"\\S"+"\""};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
else {
const err31 = {instancePath:instancePath+"/fallbacks/" + key9.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/fallbacks/additionalProperties/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
}
else {
const err32 = {instancePath:instancePath+"/fallbacks",schemaPath:"#/properties/fallbacks/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data.isr !== undefined){
if(typeof data.isr !== "boolean"){
const err33 = {instancePath:instancePath+"/isr",schemaPath:"#/properties/isr/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data.revalidate !== undefined){
let data12 = data.revalidate;
if(data12 && typeof data12 == "object" && !Array.isArray(data12)){
for(const key10 in data12){
const _errs40 = errors;
if(typeof key10 === "string"){
if(!pattern0.test(key10)){
const err34 = {instancePath:instancePath+"/revalidate",schemaPath:"#/properties/revalidate/propertyNames/pattern",keyword:"pattern",params:{pattern: "^(?:/.*|\\*)$"},message:"must match pattern \""+"^(?:/.*|\\*)$"+"\"",propertyName:key10};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
else {
const err35 = {instancePath:instancePath+"/revalidate",schemaPath:"#/properties/revalidate/propertyNames/type",keyword:"type",params:{type: "string"},message:"must be string",propertyName:key10};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
var valid12 = _errs40 === errors;
if(!valid12){
const err36 = {instancePath:instancePath+"/revalidate",schemaPath:"#/properties/revalidate/propertyNames",keyword:"propertyNames",params:{propertyName: key10},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
for(const key11 in data12){
let data13 = data12[key11];
if(!(((typeof data13 == "number") && (!(data13 % 1) && !isNaN(data13))) && (isFinite(data13)))){
const err37 = {instancePath:instancePath+"/revalidate/" + key11.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/revalidate/additionalProperties/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
if((typeof data13 == "number") && (isFinite(data13))){
if(data13 < 0 || isNaN(data13)){
const err38 = {instancePath:instancePath+"/revalidate/" + key11.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/revalidate/additionalProperties/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
}
}
else {
const err39 = {instancePath:instancePath+"/revalidate",schemaPath:"#/properties/revalidate/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
if(data.revalidateQueryAllowlist !== undefined){
let data14 = data.revalidateQueryAllowlist;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
for(const key12 in data14){
const _errs47 = errors;
if(typeof key12 === "string"){
if(!pattern0.test(key12)){
const err40 = {instancePath:instancePath+"/revalidateQueryAllowlist",schemaPath:"#/properties/revalidateQueryAllowlist/propertyNames/pattern",keyword:"pattern",params:{pattern: "^(?:/.*|\\*)$"},message:"must match pattern \""+"^(?:/.*|\\*)$"+"\"",propertyName:key12};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
}
}
else {
const err41 = {instancePath:instancePath+"/revalidateQueryAllowlist",schemaPath:"#/properties/revalidateQueryAllowlist/propertyNames/type",keyword:"type",params:{type: "string"},message:"must be string",propertyName:key12};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
var valid14 = _errs47 === errors;
if(!valid14){
const err42 = {instancePath:instancePath+"/revalidateQueryAllowlist",schemaPath:"#/properties/revalidateQueryAllowlist/propertyNames",keyword:"propertyNames",params:{propertyName: key12},message:"property name must be valid"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
for(const key13 in data14){
let data15 = data14[key13];
if(Array.isArray(data15)){
const len1 = data15.length;
for(let i1=0; i1<len1; i1++){
if(typeof data15[i1] !== "string"){
const err43 = {instancePath:instancePath+"/revalidateQueryAllowlist/" + key13.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + i1,schemaPath:"#/properties/revalidateQueryAllowlist/additionalProperties/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
}
else {
const err44 = {instancePath:instancePath+"/revalidateQueryAllowlist/" + key13.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/revalidateQueryAllowlist/additionalProperties/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
}
else {
const err45 = {instancePath:instancePath+"/revalidateQueryAllowlist",schemaPath:"#/properties/revalidateQueryAllowlist/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data.notFound !== undefined){
let data17 = data.notFound;
if(!(((data17 === "single-page-application") || (data17 === "404-page")) || (data17 === "none"))){
const err46 = {instancePath:instancePath+"/notFound",schemaPath:"#/properties/notFound/enum",keyword:"enum",params:{allowedValues: schema11.properties.notFound.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data.notFoundPages !== undefined){
let data18 = data.notFoundPages;
if(Array.isArray(data18)){
const len2 = data18.length;
for(let i2=0; i2<len2; i2++){
let data19 = data18[i2];
if(typeof data19 === "string"){
if(!pattern11.test(data19)){
const err47 = {instancePath:instancePath+"/notFoundPages/" + i2,schemaPath:"#/properties/notFoundPages/items/pattern",keyword:"pattern",params:{pattern: "^/"},message:"must match pattern \""+"^/"+"\""};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
}
else {
const err48 = {instancePath:instancePath+"/notFoundPages/" + i2,schemaPath:"#/properties/notFoundPages/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
}
else {
const err49 = {instancePath:instancePath+"/notFoundPages",schemaPath:"#/properties/notFoundPages/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
}
else {
const err50 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
validate10.errors = vErrors;
return errors === 0;
}
