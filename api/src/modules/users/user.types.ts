import { Field, ObjectType } from 'type-graphql';

@ObjectType({ description: "An instructor's photo as stored: a square WebP image, base64-encoded" })
export class InstructorPhotoFile {
  @Field() contentType: string;
  @Field() contentBase64: string;
  @Field({ description: 'Changes whenever the photo changes (the `v` of its photoUrl)' }) version: string;
}
